import { PRODUCTS_PER_PAGE } from "@workshop/domain/catalog-filter.ts";
import { homeAnswer, productListAnswer } from "@workshop/domain/shop-api/catalog.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProducts } from "#server/db/seed/products.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

let test: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  await seedCatalogIfEmpty(test.database.db);
});
afterAll(() => test?.close());

const get = async (url: string) => {
  const response = await app.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json() as unknown };
};
const list = async (query: string) => {
  const answer = await get(`/api/shop/products${query}`);
  expect(answer.status, query).toBe(200);
  return productListAnswer.parse(answer.body);
};

describe("GET /api/shop/home", () => {
  it("gives the featured hats in stock, in whole rows of 4, in the language asked for", async () => {
    const en = await get("/api/shop/home");
    expect(en.status).toBe(200);
    const { featured } = homeAnswer.parse(en.body);
    const available = seedProducts.filter((p) => p.isFeatured && p.inStock);
    expect(featured.length).toBe(Math.min(8, available.length - (available.length % 4)));
    expect(featured.every((p) => p.isFeatured && p.inStock && p.image !== null)).toBe(true);
    expect(featured[0]).toMatchObject({ id: 1, name: seedProducts[0]!.name, priceCents: seedProducts[0]!.priceCents });

    const ru = homeAnswer.parse((await get("/api/shop/home?lang=ru")).body);
    expect(ru.featured[0]!.name).toBe(seedProducts[0]!.translations.ru.name);
    // Any other language is English, not an error.
    expect(homeAnswer.parse((await get("/api/shop/home?lang=xx&lang=ru")).body).featured[0]!.name).toBe(seedProducts[0]!.name);
  });
});

describe("GET /api/shop/products", () => {
  it("pages the list 8 at a time, featured first, with every size and the filter it read", async () => {
    const first = await list("");
    expect(first.filter).toEqual({ size: null, inStock: true, outOfStock: true, sort: "featured", page: 1 });
    expect(first.page).toMatchObject({
      total: seedProducts.length,
      page: 1,
      totalPages: Math.ceil(seedProducts.length / PRODUCTS_PER_PAGE),
    });
    expect(first.page.products).toHaveLength(PRODUCTS_PER_PAGE);
    expect(first.page.sizes).toEqual([...new Set(seedProducts.flatMap((p) => p.sizes))].sort((a, b) => a - b));
    const second = await list("?page=2");
    expect(second.page.page).toBe(2);
    expect(second.page.products.map((p) => p.id)).not.toContain(first.page.products[0]!.id);
  });

  it("filters by size and availability, sorts by price, in the language asked for", async () => {
    const size58 = await list("?size=58");
    expect(size58.filter.size).toBe(58);
    expect(size58.page.total).toBe(seedProducts.filter((p) => p.sizes.includes(58)).length);
    const soldOut = await list("?availability=none&availability=out");
    expect(soldOut.filter).toMatchObject({ inStock: false, outOfStock: true });
    expect(soldOut.page.total).toBe(seedProducts.filter((p) => !p.inStock).length);
    expect(soldOut.page.products.every((p) => !p.inStock)).toBe(true);
    const none = await list("?availability=none");
    expect(none.page).toMatchObject({ total: 0, products: [], page: 1, totalPages: 0 });
    const cheap = await list("?sort=price-low");
    const prices = cheap.page.products.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The no-JavaScript form sends the current size, then the clicked button's: the last wins.
    expect((await list("?size=58&size=56")).filter.size).toBe(56);
    const ru = await list("?lang=ru&sort=price-high");
    const top = seedProducts.find((p) => p.priceCents === Math.max(...seedProducts.map((s) => s.priceCents)))!;
    expect(ru.page.products[0]!.name).toBe(top.translations.ru.name);
  });

  it("reads a malformed or hostile query as the defaults (decision 004), and a page past the end as the last page", async () => {
    const last = Math.ceil(seedProducts.length / PRODUCTS_PER_PAGE);
    expect((await list("?page=999999")).filter.page).toBe(last);
    expect((await list("?page=9999999")).filter.page).toBe(1);
    for (const query of [
      "?size=abc&page=-3&sort=anything&availability=maybe",
      `?size=${"x".repeat(10_000)}`,
      `?sort=${"%F0".repeat(3000)}`,
      "?size=%00&sort=price-low%00&page=%00",
      "?page[]=2&size[a]=58",
      "?lang=%00",
    ]) {
      const answer = await list(query);
      expect(answer.filter, query).toMatchObject({ size: null, sort: "featured", page: 1 });
      expect(answer.page.total, query).toBeGreaterThanOrEqual(0);
    }
  });

  it("is a read: other methods are refused and change nothing", async () => {
    expect((await app.inject({ method: "POST", url: "/api/shop/products", payload: {} })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: "/api/shop/products" })).statusCode).toBe(404);
    expect((await list("")).page.total).toBe(seedProducts.length);
  });
});
