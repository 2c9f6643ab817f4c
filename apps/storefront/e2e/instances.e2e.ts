import { randomBytes } from "node:crypto";
import { scratchPostgresDatabase } from "@workshop/testing/shop-database.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffSession, staffWrite, testOwner } from "#e2e/support/admin.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { within } from "#e2e/support/within.ts";

/**
 * Two shop processes on one PostgreSQL database, each with its page cache and catalogue reads on:
 * a product saved through one shows on the other (product page, list, JSON API, sitemap) within a
 * second, because the saving transaction raises a counter both watch (docs/decisions/022).
 */
const token = `instances-token-${randomBytes(12).toString("hex")}`;
let shops: RunningShop[] = [];
const scratch = await scratchPostgresDatabase("shop_instances");
const hasPostgres = scratch !== null;

beforeAll(async () => {
  if (!hasPostgres) return;
  const env = {
    DATABASE_URL: scratch!.url,
    ADMIN_API_TOKEN: token,
    ADMIN_EMAIL: testOwner.email,
    ADMIN_PASSWORD: testOwner.password,
    PAGE_CACHE_SECONDS: "60",
  };
  // The first migrates and seeds; the second joins the same database.
  shops = [await startShop(env)];
  shops.push(await startShop(env));
}, 180_000);

afterAll(async () => {
  for (const shop of shops) {
    await shop.stop();
    await shop.remove();
  }
  await scratch?.drop();
});

const text = async (url: string) => (await fetch(url)).text();

describe.skipIf(!hasPostgres)("two instances on one PostgreSQL", () => {
  it("shows a product saved on one instance on the other within a second: page, list, API, sitemap; hiding too", async () => {
    const [a, b] = shops as [RunningShop, RunningShop];
    // The second instance has the product in every cache (pages kept 60 s, reads 5 s).
    // (A page is kept the second time it is asked for.)
    for (const path of ["/products/1", "/products", "/api/products", "/sitemaps/products-1.xml"]) {
      for (let i = 0; i < 2; i++) expect((await fetch(b.baseURL + path)).status, path).toBe(200);
    }

    const current = (await (await fetch(`${a.baseURL}/api/products/1`)).json()) as Record<string, unknown>;
    const renamed = `Ubud Classic Panama ${randomBytes(3).toString("hex")}`;
    const saved = await fetch(`${a.baseURL}/api/products/1`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ ...current, name: renamed }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const savedAt = performance.now();

    const places = ["/products/1", "/products", "/api/products"];
    const seen = await Promise.all(
      places.map(async (path) => [path, await within(1_000, savedAt, async () => (await text(`${b.baseURL}${path}`)).includes(renamed))]),
    );
    // Every place within a second of the save (Infinity names the one that was not).
    expect(seen.filter(([, ms]) => !((ms as number) < 1_000))).toEqual([]);

    // Hidden on the first instance: gone from the second's list, page, API and sitemap.
    const hidden = await staffWrite(a.apiURL, await staffSession(a.apiURL), "/api/admin/products/1/hide", "POST");
    expect(hidden.status, await hidden.clone().text()).toBe(200);
    const hiddenAt = performance.now();
    const gone = await within(1_000, hiddenAt, async () => {
      const [productPage, sitemap, apiList] = await Promise.all([
        fetch(`${b.baseURL}/products/1`),
        text(`${b.baseURL}/sitemaps/products-1.xml`),
        text(`${b.baseURL}/api/products`),
      ]);
      return productPage.status === 404 && !sitemap.includes("/products/1<") && !apiList.includes(renamed);
    });
    expect(gone).toBeLessThan(1_000);
  });
});
