import { isApiPath } from "@workshop/http/request-body.ts";
import { describe, expect, it } from "vitest";
import { limitOf, readLimitOf } from "./rate-limits.ts";

/** React Router finds a route whatever the case of the path's letters and its percent-escapes: so must the limits. */
describe("the limit a write counts against, however its path is spelled", () => {
  it.each([
    ["/API/SHOP/CHECKOUT/PAYMENT", "orders"],
    ["/api/shop/Checkout/Payment/", "orders"],
    ["/api/shop/checkout/p%61yment", "orders"],
    ["/%61pi/shop//checkout/payment", "orders"],
    // The page's form calls the endpoint above, which counts the order: the page itself is a write like any other.
    ["/checkout/payment", "writes"],
    ["/RU/checkout/payment", "writes"],
    ["/Checkout/Payment.data", "writes"],
    ["/api/shop/checkout/address", "writes"],
    ["/API/ORDERS", "orders"],
    ["/api/%6Frders", "orders"],
    ["/API/xendit/Payment-Request", "payments"],
    ["/Orders/abc", "payments"],
    ["/api/shop/contact", "contact"],
    ["/API/Shop/Contact/", "contact"],
    ["/api/shop/contac%74", "contact"],
    ["/api/shop/custom-orders", "customOrders"],
    ["/api//shop/Custom-Orders", "customOrders"],
    ["/api/custom-orders", "customOrders"],
    // The pages' own posts: their form is counted once, when the page sends it to the API.
    ["/CONTACT", "writes"],
    ["/ru/Contact.data", "writes"],
    ["/custom", "writes"],
    ["/ru/custom.data", "writes"],
    ["/checkout/payment%", "writes"],
    ["/api/uploads", "uploads"],
    ["/API/Uploads/", "uploads"],
    ["/api/upl%6Fads", "uploads"],
    ["/api/custom-orders/uploads", "referencePhotos"],
    ["/API/Custom-Orders/Uploads/", "referencePhotos"],
    ["/api/ai/enhance-product-images", "aiJobs"],
    ["/orders/x//", "payments"],
  ])("POST %s counts against %s", (path, limit) => {
    expect(limitOf("POST", path)).toBe(limit);
  });

  it("reads /API/… and /%61pi/… as the JSON API", () => {
    expect(isApiPath("/API/orders")).toBe(true);
    expect(isApiPath("/%61pi/orders")).toBe(true);
    expect(isApiPath("/apiary")).toBe(false);
  });
});

describe("the reads held to the limit of unknown private links", () => {
  it.each([
    "/orders/abc",
    "/ru/orders/abc",
    "/Quotes/abc.data",
    "/ru/quotes/abc/",
    "/%71uotes/abc",
    "/RU/ORDERS/abc",
    "/orders/abc/_.data",
    "/orders/abc//",
    "/orders/abc//.data",
    "/orders/abc%2F%2F",
    "//orders/abc",
    "/orders/abc/def",
  ])("GET %s", (path) => {
    expect(readLimitOf("GET", path)).toBe("linkMisses");
    expect(readLimitOf("HEAD", path)).toBe("linkMisses");
  });

  it.each(["/orders", "/orders/", "/quotes/_.data", "/products/abc", "/api/orders/1", "/media/640/orders/abc.jpg"])(
    "not GET %s",
    (path) => {
      expect(readLimitOf("GET", path)).toBeNull();
    },
  );

  it("not a write: a POST to an order counts against the payments", () => {
    expect(readLimitOf("POST", "/orders/abc")).toBeNull();
  });
});
