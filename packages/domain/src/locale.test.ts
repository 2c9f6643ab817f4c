import { describe, expect, it } from "vitest";
import { localePath, pathLocale, unlocalizedPath } from "./locale.ts";

describe("language of a path", () => {
  it("reads Russian from /ru and /ru/…, English everywhere else", () => {
    expect(pathLocale("/ru")).toBe("ru");
    expect(pathLocale("/ru/products/5")).toBe("ru");
    expect(pathLocale("/ru.data")).toBe("ru");
    expect(pathLocale("/")).toBe("en");
    expect(pathLocale("/products")).toBe("en");
    expect(pathLocale("/rules")).toBe("en");
  });

  it("puts a path into a language and back, keeping the query", () => {
    expect(localePath("ru", "/products/5")).toBe("/ru/products/5");
    expect(localePath("ru", "/")).toBe("/ru");
    expect(localePath("ru", "/?x=1")).toBe("/ru?x=1");
    expect(localePath("ru", "/products?page=2")).toBe("/ru/products?page=2");
    expect(localePath("ru", "/ru/products")).toBe("/ru/products");
    expect(localePath("en", "/ru/products/5")).toBe("/products/5");
    expect(localePath("en", "/ru")).toBe("/");
    expect(localePath("en", "/ru?x=1")).toBe("/?x=1");
    expect(localePath("ru", "https://pay.example/x")).toBe("https://pay.example/x");
    expect(localePath("ru", "//evil.example/x")).toBe("//evil.example/x");
    expect(unlocalizedPath("/ru/checkout/success?order_id=1")).toBe("/checkout/success?order_id=1");
    expect(unlocalizedPath("/rules")).toBe("/rules");
  });
});
