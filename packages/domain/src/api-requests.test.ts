import { describe, expect, it } from "vitest";
import { paymentStatusQuery, productQuery } from "./api-requests.ts";

describe("the JSON API's query schemas", () => {
  it("take a language only when it is one of the shop's, English otherwise", () => {
    expect(productQuery.parse({ lang: "ru" })).toEqual({ lang: "ru" });
    for (const lang of [undefined, "de", ["ru", "en"], ""]) expect(productQuery.parse({ lang })).toEqual({ lang: "en" });
  });

  it("read a payment's ids as text: the first of a repeated one, at most 100 characters", () => {
    expect(paymentStatusQuery.parse({ paymentId: "pr-1" })).toEqual({ paymentId: "pr-1", orderId: undefined });
    expect(paymentStatusQuery.parse({ orderId: ["o-1", "o-2"] }).orderId).toBe("o-1");
    expect(paymentStatusQuery.parse({ paymentId: "x".repeat(500) }).paymentId).toHaveLength(100);
  });
});
