import { PRODUCTS_PER_PAGE, type SortOption, sortOptions } from "@workshop/domain/catalog-filter.ts";
import { productListAnswer } from "@workshop/domain/shop-api/catalog.ts";
import { productSchema, type RawProduct } from "@workshop/domain/validation/product.ts";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "#server/audit/actor.ts";
import { checkVersions } from "#server/cache/versions.ts";
import { sampleProduct } from "#test-support/sample-product.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { createProduct, setHidden, updateProduct } from "./product-changes.ts";
import { KEPT_MAX_MS } from "./read-cache.ts";

/**
 * The list's pages on a catalogue of 200 products, read as the storefront reads them: every page
 * is the same slice of the whole ordering the list's rules give (decision 004, the sorts' ties),
 * however deep, and a change shows in the next answer.
 */

let test: TestApp;
let app: FastifyInstance;
const actor: Actor = { staffId: null, label: "api token", role: "machine", ip: "127.0.0.1" };

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  // Prices and times with ties (the id breaks them) and times apart by less than a millisecond;
  // every 25th product hidden; photos, first by position, for the even ones.
  await sql`
    insert into products (name, price_cents, sizes, is_new, is_featured, in_stock, hidden, created_at, translations)
    select 'Hat ' || i, 1000 + (i * 7 % 13) * 100, array[54 + i % 5, 58 + i % 3], i % 4 = 0, i % 6 = 0, i % 3 <> 0, i % 25 = 0,
      timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => (i % 40) * 0.0003),
      jsonb_build_object('ru', jsonb_build_object('name', 'Шляпа ' || i))
    from generate_series(1, 200) as i`.execute(test.database.db);
  // Stored out of id order, as updates leave a table: no order may come from where a row lies.
  await sql`update products set updated_at = now() where id % 3 = 0`.execute(test.database.db);
  await sql`
    insert into product_images (product_id, position, storage_key, width, height)
    select id, position, 'hat-' || id || '-' || position || '.webp', 100, 100
    from products, generate_series(1, 0, -1) as position where id % 2 = 0;
  `.execute(test.database.db);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => test?.close());

const list = async (query: string) => {
  const answer = await app.inject({ method: "GET", url: `/api/shop/products${query}` });
  expect(answer.statusCode, query).toBe(200);
  return productListAnswer.parse(answer.json());
};
const idsOf = (answer: Awaited<ReturnType<typeof list>>) => answer.page.products.map((p) => p.id);

/** The list's rules, said in SQL as the database orders. */
const orderBy: Record<SortOption, string> = {
  featured: "is_featured desc, id asc",
  newest: "is_new desc, created_at desc, id desc",
  "price-low": "price_cents asc, id asc",
  "price-high": "price_cents desc, id asc",
};

/** Every product a filter shows, in its sort's order, straight from the database. */
async function ordering(sort: SortOption, where = "true"): Promise<number[]> {
  const { rows } = await sql<{
    id: number;
  }>`select id from products where not hidden and ${sql.raw(where)} order by ${sql.raw(orderBy[sort])}`.execute(test.database.db);
  return rows.map((r) => r.id);
}

const filters = [
  { query: "", where: "true" },
  { query: "&size=56", where: "56 = any(sizes)" },
  { query: "&availability=in", where: "in_stock" },
  { query: "&size=58&availability=out", where: "58 = any(sizes) and not in_stock" },
];

describe("the list's pages", () => {
  it("are each the same slice of the whole ordering, for every sort and filter, however deep; one past the end is the last", async () => {
    for (const sort of sortOptions)
      for (const { query, where } of filters) {
        const all = await ordering(sort, where);
        const totalPages = Math.ceil(all.length / PRODUCTS_PER_PAGE);
        expect(totalPages, `${sort}${query}`).toBeGreaterThan(2);
        for (const page of [1, 2, Math.ceil(totalPages / 2), totalPages - 1, totalPages, totalPages + 7]) {
          const at = `?sort=${sort}${query}&page=${page}`;
          const answer = await list(at);
          const shown = Math.min(page, totalPages);
          expect(answer.page, at).toMatchObject({ total: all.length, totalPages, page: shown });
          expect(answer.filter.page, at).toBe(shown);
          expect(idsOf(answer), at).toEqual(all.slice((shown - 1) * PRODUCTS_PER_PAGE, shown * PRODUCTS_PER_PAGE));
        }
      }
  });

  it("of the JSON list (GET /api/products) are each the same slice of the id order, however deep; past the end, none", async () => {
    const { rows } = await sql<{ id: number }>`select id from products where not hidden order by id`.execute(test.database.db);
    const ids = rows.map((r) => r.id);
    const limit = 7;
    const pages = Math.ceil(ids.length / limit);
    for (const page of [1, 2, Math.ceil(pages / 2), pages - 1, pages, pages + 1, 1_000_000]) {
      const answer = await app.inject({ method: "GET", url: `/api/products?limit=${limit}&page=${page}` });
      expect(answer.statusCode, `page ${page}`).toBe(200);
      expect(answer.headers["x-total-count"]).toBe(String(ids.length));
      const shown = (answer.json() as { id: number }[]).map((p) => p.id);
      expect(shown, `page ${page}`).toEqual(ids.slice((page - 1) * limit, page * limit));
    }
  });

  it("shows each product's card in the language asked for, with its first photo, and every size of the shown products", async () => {
    const { rows } = await sql<{ size: number }>`select distinct unnest(sizes) as size from products where not hidden order by 1`.execute(
      test.database.db,
    );
    const deep = await list("?sort=price-high&page=20&lang=ru");
    expect(deep.page.sizes).toEqual(rows.map((r) => r.size));
    const byId = new Map((await test.database.db.selectFrom("products").selectAll().execute()).map((p) => [p.id, p]));
    for (const card of deep.page.products) {
      const product = byId.get(card.id)!;
      expect(card).toMatchObject({
        name: `Шляпа ${card.id}`,
        priceCents: product.priceCents,
        isNew: product.isNew,
        isFeatured: product.isFeatured,
        inStock: product.inStock,
      });
      expect(card.image).toEqual(card.id % 2 === 0 ? { key: `hat-${card.id}-0.webp`, width: 100, height: 100 } : null);
    }
    expect((await list("?sort=price-high&page=20")).page.products[0]!.name).toBe(`Hat ${deep.page.products[0]!.id}`);
  });

  it("shows nothing when no availability is ticked, and never a hidden product", async () => {
    expect((await list("?availability=none&page=3")).page).toMatchObject({ products: [], total: 0, page: 1, totalPages: 0 });
    const hidden = new Set(
      (await test.database.db.selectFrom("products").select("id").where("hidden", "=", true).execute()).map((p) => p.id),
    );
    const shown = [];
    const { totalPages } = (await list("?sort=newest")).page;
    for (let page = 1; page <= totalPages; page++) shown.push(...idsOf(await list(`?sort=newest&page=${page}`)));
    expect(shown).toHaveLength(200 - hidden.size);
    expect(shown.filter((id) => hidden.has(id))).toEqual([]);
  });
});

describe("a change", () => {
  const input = (change: Partial<RawProduct>) => productSchema.parse({ ...sampleProduct, ...change });

  it("saved here shows in the next answer: a new price, a hidden product, a new product", async () => {
    const total = (await list("")).page.total;
    const dearest = idsOf(await list("?sort=price-high"))[0]!;
    await updateProduct(dearest, input({ name: "Now the cheapest", price: "1.00", sizes: ["56"] }), actor);
    const cheapest = (await list("?sort=price-low")).page.products[0]!;
    expect(cheapest).toMatchObject({ id: dearest, name: "Now the cheapest", priceCents: 100 });
    expect(idsOf(await list("?sort=price-high"))).not.toContain(dearest);
    expect(idsOf(await list("?sort=price-low&size=56"))[0]).toBe(dearest);

    await setHidden(dearest, true, actor);
    expect(idsOf(await list("?sort=price-low"))).not.toContain(dearest);
    expect((await list("")).page.total).toBe(total - 1);

    const created = await createProduct(input({ name: "Just made", isNew: true, sizes: ["63"] }), actor);
    const newest = await list("?sort=newest");
    expect(newest.page.products[0]).toMatchObject({ id: created.id, name: "Just made" });
    expect(newest.page.total).toBe(total);
    expect(newest.page.sizes).toContain(63);
    expect(idsOf(await list("?size=63"))).toEqual([created.id]);
  });

  it("saved by another instance shows once this one hears of it", async () => {
    await checkVersions(test.database.db);
    const [first, , third] = idsOf(await list("?sort=price-low&availability=in"));
    // What another instance's save does: the change and the counter in one transaction.
    await test.database.db.transaction().execute(async (tx) => {
      await tx.updateTable("products").set({ priceCents: 1 }).where("id", "=", third!).execute();
      await sql`insert into cache_versions (name, version) values ('catalog', 1)
        on conflict (name) do update set version = cache_versions.version + 1`.execute(tx);
    });
    // Not yet heard: the ordering this instance keeps.
    expect(idsOf(await list("?sort=price-low&availability=in"))[0]).toBe(first);
    await checkVersions(test.database.db);
    const heard = await list("?sort=price-low&availability=in");
    expect(heard.page.products[0]).toMatchObject({ id: third, priceCents: 1 });
  });

  it("that no instance was told of (SQL typed by hand) shows within five minutes (KEPT_MAX_MS)", async () => {
    const [first, , , fourth] = idsOf(await list("?sort=price-high"));
    await test.database.db.updateTable("products").set({ priceCents: 10_000_000 }).where("id", "=", fourth!).execute();
    expect(idsOf(await list("?sort=price-high"))[0]).toBe(first);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + KEPT_MAX_MS + 1_000 });
    await expect.poll(async () => (await list("?sort=price-high")).page.products[0]).toMatchObject({ id: fourth, priceCents: 10_000_000 });
  });
});
