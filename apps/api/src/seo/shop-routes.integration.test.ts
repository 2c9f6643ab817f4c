import { sitemapIndexAnswer, sitemapProductsAnswer } from "@workshop/domain/shop-api/sitemaps.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogChanged } from "#server/catalog/read-cache.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

let test: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
});
afterAll(() => test?.close());

const get = async (url: string) => {
  const response = await app.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

describe("GET /api/shop/sitemaps…", () => {
  it("on an empty catalogue: no products' file in the index, an empty first file, none after it", async () => {
    expect(sitemapIndexAnswer.parse((await get("/api/shop/sitemaps")).body)).toEqual({ productFiles: [] });
    expect(sitemapProductsAnswer.parse((await get("/api/shop/sitemaps/products/1")).body)).toEqual({ products: [] });
    expect((await get("/api/shop/sitemaps/products/2")).status).toBe(404);
  });

  it("lists the products the shop shows, in id order with the day each changed; a hidden one is left out", async () => {
    await seedCatalogIfEmpty(test.database.db);
    await test.database.db.updateTable("products").set({ hidden: true }).where("id", "=", 3).execute();
    await catalogChanged();
    const index = sitemapIndexAnswer.parse((await get("/api/shop/sitemaps")).body);
    expect(index.productFiles).toEqual([{ file: 1, lastmod: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }]);
    const { products } = sitemapProductsAnswer.parse((await get("/api/shop/sitemaps/products/1")).body);
    expect(products.map((p) => p.id)).toEqual(seedProducts.map((_, i) => i + 1).filter((id) => id !== 3));
    expect(products[0]!.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each(["0", "-1", "01", "abc", "1.5", "1%00", "9999999", "x".repeat(5000)])("refuses file %j with a 4xx {error}", async (file) => {
    const answer = await get(`/api/shop/sitemaps/products/${file}`);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).toEqual({ error: expect.any(String), ...(answer.body.details ? { details: answer.body.details } : {}) });
  });

  it("answers 404 past the last file", async () => {
    expect(await get("/api/shop/sitemaps/products/2")).toEqual({ status: 404, body: { error: "No such sitemap file" } });
    expect((await get("/api/shop/sitemaps/products/999999")).status).toBe(404);
  });
});
