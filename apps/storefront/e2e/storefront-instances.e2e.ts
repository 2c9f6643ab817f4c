import { randomBytes } from "node:crypto";
import { scratchPostgresDatabase } from "@workshop/testing/shop-database.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffSession, staffWrite, testOwner } from "#e2e/support/admin.ts";
import { type RunningShop, startShop, startStorefront } from "#e2e/support/start-shop.ts";
import { within } from "#e2e/support/within.ts";

/**
 * Two storefront processes on one API on PostgreSQL, each keeping whole pages for a minute: a
 * product staff save or hide shows on both within a second, because each storefront asks the API
 * for the catalogue's version four times a second and drops its pages when it moves (decision 022).
 */
const token = `storefronts-token-${randomBytes(12).toString("hex")}`;
const scratch = await scratchPostgresDatabase("shop_storefronts");
let shop: RunningShop;
let other: Awaited<ReturnType<typeof startStorefront>>;

beforeAll(async () => {
  if (!scratch) return;
  shop = await startShop({
    DATABASE_URL: scratch.url,
    ADMIN_API_TOKEN: token,
    ADMIN_EMAIL: testOwner.email,
    ADMIN_PASSWORD: testOwner.password,
    PAGE_CACHE_SECONDS: "60",
  });
  other = await startStorefront(shop.apiURL, { PAGE_CACHE_SECONDS: "60" });
}, 180_000);

afterAll(async () => {
  await other?.process.stop();
  await shop?.remove();
  await scratch?.drop();
});

const text = async (url: string) => (await fetch(url)).text();

describe.skipIf(!scratch)("two storefronts on one API", () => {
  it("both show a saved product, and both drop a hidden one, within a second", async () => {
    const storefronts = [shop.baseURL, other.baseURL];
    // Both keep the product's page and the list (60 s), each asked for twice: a page is kept the second time.
    for (const base of storefronts)
      for (const path of ["/products/1", "/products"]) for (let i = 0; i < 2; i++) expect((await fetch(base + path)).status).toBe(200);

    const current = (await (await fetch(`${shop.apiURL}/api/products/1`)).json()) as Record<string, unknown>;
    const renamed = `Ubud Classic Panama ${randomBytes(3).toString("hex")}`;
    const saved = await fetch(`${shop.apiURL}/api/products/1`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ ...current, name: renamed }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const savedAt = performance.now();
    const seen = await Promise.all(
      storefronts.flatMap((base) =>
        ["/products/1", "/products"].map(async (path) => [
          base + path,
          await within(1_000, savedAt, async () => (await text(base + path)).includes(renamed)),
        ]),
      ),
    );
    expect(seen.filter(([, ms]) => !((ms as number) < 1_000))).toEqual([]);

    const hidden = await staffWrite(shop.apiURL, await staffSession(shop.apiURL), "/api/admin/products/1/hide", "POST");
    expect(hidden.status, await hidden.clone().text()).toBe(200);
    const hiddenAt = performance.now();
    const gone = await Promise.all(
      storefronts.map((base) => within(1_000, hiddenAt, async () => (await fetch(`${base}/products/1`)).status === 404)),
    );
    expect(gone.filter((ms) => !(ms < 1_000))).toEqual([]);
  });
});
