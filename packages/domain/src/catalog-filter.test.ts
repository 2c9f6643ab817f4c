import { describe, expect, it } from "vitest";
import { defaultFilter, filterToQuery, parseFilter } from "./catalog-filter.ts";

const parse = (q: string) => parseFilter(new URLSearchParams(q));

describe("product list query", () => {
  it("falls back to the defaults for malformed values", () => {
    expect(parse("size=abc&page=-3&sort=anything")).toEqual(defaultFilter);
    expect(parse(`size=${"9".repeat(10_000)}&page=${"x".repeat(10_000)}`)).toEqual(defaultFilter);
    expect(parse("page=0").page).toBe(1);
  });

  it("reads size, availability, sort and page", () => {
    expect(parse("size=58&availability=in&sort=price-high&page=2")).toEqual({
      size: 58,
      inStock: true,
      outOfStock: false,
      sort: "price-high",
      page: 2,
    });
  });

  it("lets the no-JavaScript form say 'both off' and lets the clicked size win", () => {
    expect(parse("availability=none")).toMatchObject({ inStock: false, outOfStock: false });
    expect(parse("availability=none&availability=in&availability=out")).toMatchObject({ inStock: true, outOfStock: true });
    expect(parse("size=56&size=60").size).toBe(60);
    expect(parse("size=56&size=").size).toBeNull();
  });

  it("writes the shortest query and reads it back", () => {
    expect(filterToQuery(defaultFilter)).toBe("");
    const f = { size: 57, inStock: false, outOfStock: true, sort: "newest" as const, page: 3 };
    expect(filterToQuery(f)).toBe("?size=57&availability=out&sort=newest&page=3");
    expect(parse(filterToQuery(f).slice(1))).toEqual(f);
    expect(parse(filterToQuery({ ...defaultFilter, inStock: false, outOfStock: false }).slice(1))).toMatchObject({
      inStock: false,
      outOfStock: false,
    });
  });
});
