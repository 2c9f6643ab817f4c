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
    ["/api/shop/contact", "contact"],
    ["/API/Shop/Contact/", "contact"],
    ["/api/shop/contac%74", "contact"],
    ["/api/shop/custom-orders", "customOrders"],
    ["/api//shop/Custom-Orders", "customOrders"],
    ["/api/custom-orders", "customOrders"],
    ["/API/Shop/Orders/abc/Pay", "payments"],
    ["/api/shop/orders/abc%2Fdef/pay/", "payments"],
    ["/api//shop/orders/abc/p%61y", "payments"],
    ["/api/shop/quotes/abc/accept", "writes"],
    // The pages' own posts: their form is counted once, when the page sends it to the API.
    ["/CONTACT", "writes"],
    ["/ru/Contact.data", "writes"],
    ["/custom", "writes"],
    ["/ru/custom.data", "writes"],
    ["/Orders/abc", "writes"],
    ["/orders/x//", "writes"],
    ["/checkout/payment%", "writes"],
    ["/api/uploads", "uploads"],
    ["/API/Uploads/", "uploads"],
    ["/api/upl%6Fads", "uploads"],
    ["/api/custom-orders/uploads", "referencePhotos"],
    ["/API/Custom-Orders/Uploads/", "referencePhotos"],
    ["/api/ai/enhance-product-images", "aiJobs"],
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
    "/api/shop/orders/abc",
    "/api/shop/quotes/abc",
    "/API/Shop/Quotes/abc",
    "/api/shop/quotes/abc/",
    "/%61pi/shop/%71uotes/abc",
    "/api/shop/orders/abc//",
    "/api/shop/orders/abc%2F%2F",
    "//api/shop/orders/abc",
    "/api//shop/orders/abc",
    "/api/shop/orders/abc/def",
  ])("GET %s", (path) => {
    expect(readLimitOf("GET", path)).toBe("linkMisses");
    expect(readLimitOf("HEAD", path)).toBe("linkMisses");
  });

  it.each([
    "/api/shop/orders",
    "/api/shop/orders/",
    "/api/shop/products/abc",
    "/api/orders/1",
    "/media/640/orders/abc.jpg",
    // The pages call the endpoints above, which judge the token: the pages themselves are not held.
    "/orders/abc",
    "/ru/quotes/abc.data",
  ])("not GET %s", (path) => {
    expect(readLimitOf("GET", path)).toBeNull();
  });

  it("not a write: a POST to an order's payment counts against the payments", () => {
    expect(readLimitOf("POST", "/api/shop/orders/abc/pay")).toBeNull();
  });
});
