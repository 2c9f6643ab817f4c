import { describe, expect, it } from "vitest";
import { clientKey, limitOf } from "./rate-limits.ts";

describe("which limit a request counts against", () => {
  it.each([
    ["POST", "/api/orders", "orders"],
    ["POST", "/api/shop/checkout/payment", "orders"],
    // The payment step's page calls the endpoint above, which counts the order once.
    ["POST", "/checkout/payment", "writes"],
    ["POST", "/ru/checkout/payment.data", "writes"],
    ["POST", "/api/xendit/payment-request", "payments"],
    ["POST", "/api/shop/orders/AbCdEfGhIjKlMnOpQrStUvWxYz012345/pay", "payments"],
    ["POST", "/orders/AbCdEfGhIjKlMnOpQrStUvWxYz012345", "writes"],
    ["POST", "/api/shop/contact", "contact"],
    ["POST", "/contact", "writes"],
    ["POST", "/contact.data", "writes"],
    ["POST", "/ru/contact", "writes"],
    ["POST", "/api/shop/custom-orders", "customOrders"],
    ["POST", "/custom", "writes"],
    ["POST", "/ru/custom.data", "writes"],
    ["POST", "/api/custom-orders", "customOrders"],
    ["POST", "/api/custom-orders/uploads", "referencePhotos"],
    ["GET", "/api/custom-orders", null],
    ["POST", "/checkout/shipping", "writes"],
    ["POST", "/products/3", "writes"],
    ["POST", "/language", "writes"],
    ["POST", "/_root.data", "writes"],
    ["POST", "/api/xendit/webhook", "webhooks"],
    ["PATCH", "/api/orders/update-payment-status", null],
    ["GET", "/contact", null],
    ["HEAD", "/api/orders", null],
  ])("%s %s → %s", (method, path, limit) => {
    expect(limitOf(method, path)).toBe(limit);
  });
});

describe("who is counted", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002:aaaa::1", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    [undefined, "unknown"],
    ["not an address", "unknown"],
  ])("%s → %s", (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});
