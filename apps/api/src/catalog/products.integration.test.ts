import { defaultFilter, parseFilter } from "@workshop/domain/catalog-filter.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { distinctSizes, listProducts } from "./product-list.ts";
import { allProducts, featuredProducts, getProduct } from "./products.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await freshDatabase();
  expect(await seedCatalogIfEmpty(database.db)).toBe(seedProducts.length);
});
afterAll(() => database.close());

describe("catalogue", () => {
  it("seeds once: a second run on a filled catalogue adds nothing", async () => {
    expect(await seedCatalogIfEmpty(database.db)).toBe(0);
    expect((await allProducts("en")).length).toBe(seedProducts.length);
  });

  it("pages 8 products at a time, featured first, and clamps a page past the end", async () => {
    const first = await listProducts(defaultFilter, "en");
    expect(first.total).toBe(seedProducts.length);
    expect(first.products).toHaveLength(8);
    expect(first.totalPages).toBe(Math.ceil(seedProducts.length / 8));
    const featuredCount = seedProducts.filter((p) => p.isFeatured).length;
    expect(first.products.slice(0, Math.min(8, featuredCount)).every((p) => p.isFeatured)).toBe(true);
    const past = await listProducts({ ...defaultFilter, page: 9999 }, "en");
    expect(past.page).toBe(first.totalPages);
    expect(past.products.length).toBeGreaterThan(0);
  });

  it("filters by size and availability; both boxes off shows nothing", async () => {
    const size58 = await listProducts(parseFilter(new URLSearchParams("size=58")), "en");
    const expected58 = seedProducts.filter((p) => p.sizes.includes(58)).length;
    expect(size58.total).toBe(expected58);

    const outOnly = await listProducts(parseFilter(new URLSearchParams("availability=none&availability=out")), "en");
    expect(outOnly.total).toBe(seedProducts.filter((p) => !p.inStock).length);
    expect(outOnly.products.every((p) => !p.inStock)).toBe(true);

    const inOnly = await listProducts(parseFilter(new URLSearchParams("availability=in")), "en");
    expect(inOnly.products.every((p) => p.inStock)).toBe(true);

    const none = await listProducts(parseFilter(new URLSearchParams("availability=none")), "en");
    expect(none.total).toBe(0);
    expect(none.products).toEqual([]);
  });

  it("sorts by price both ways and newest first", async () => {
    const low = await listProducts({ ...defaultFilter, sort: "price-low" }, "en");
    const prices = low.products.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(Math.min(...seedProducts.map((p) => p.priceCents)));
    const high = await listProducts({ ...defaultFilter, sort: "price-high" }, "en");
    expect(high.products[0]?.priceCents).toBe(Math.max(...seedProducts.map((p) => p.priceCents)));
    const newest = await listProducts({ ...defaultFilter, sort: "newest" }, "en");
    const newCount = seedProducts.filter((p) => p.isNew).length;
    expect(newest.products.slice(0, Math.min(newCount, 8)).every((p) => p.isNew)).toBe(true);
  });

  it("lists every distinct size once, ascending", async () => {
    const expected = [...new Set(seedProducts.flatMap((p) => p.sizes))].sort((a, b) => a - b);
    expect(await distinctSizes()).toEqual(expected);
  });

  it("features only products both featured and in stock", async () => {
    const featured = await featuredProducts("en");
    const available = seedProducts.filter((p) => p.isFeatured && p.inStock).length;
    expect(featured.length).toBe(available >= 4 ? Math.min(8, available - (available % 4)) : available);
    expect(featured.every((p) => p.isFeatured && p.inStock)).toBe(true);
  });

  it("gives a product with its three photos, in the visitor's language", async () => {
    const en = await getProduct(1, "en");
    const ru = await getProduct(1, "ru");
    const seed = seedProducts[0]!;
    expect(en?.name).toBe(seed.name);
    expect(ru?.name).toBe(seed.translations.ru.name);
    expect(en?.images).toHaveLength(3);
    expect(en?.images[0]).toMatchObject({ key: `products/${seed.photo}-1.webp`, width: 1200, height: 1200 });
    expect(await getProduct(99999, "en")).toBeNull();
  });
});
