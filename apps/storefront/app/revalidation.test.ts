import { describe, expect, it } from "vitest";
import { withinOnePage } from "./revalidation.ts";

const args = (from: string, to: string, formMethod?: string) =>
  ({ currentUrl: new URL(from, "http://shop.test"), nextUrl: new URL(to, "http://shop.test"), formMethod }) as Parameters<
    typeof withinOnePage
  >[0];

describe("withinOnePage", () => {
  it("is another view of the same page: a filter, a search, another page, by link or GET form", () => {
    expect(withinOnePage(args("/products", "/products?category=fedora"))).toBe(true);
    expect(withinOnePage(args("/products?q=straw", "/products?q=straw&page=2", "GET"))).toBe(true);
    expect(withinOnePage(args("/products", "/products?q=panama", "get"))).toBe(true);
  });

  it("is not when a form changes something or another page opens", () => {
    expect(withinOnePage(args("/checkout/shipping", "/checkout/shipping", "POST"))).toBe(false);
    expect(withinOnePage(args("/products", "/about"))).toBe(false);
    expect(withinOnePage(args("/products", "/ru/products"))).toBe(false);
  });
});
