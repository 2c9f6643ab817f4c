import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { AppError } from "#server/errors.ts";
import { callerWith, cookieOf } from "#test-support/cookies.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { orderNow } from "./order-now.ts";
import { readCheckout } from "./session.ts";

let database: DatabaseHandle;
const request = (cookie?: string) => callerWith(cookie ? { cookie } : {});

beforeAll(async () => {
  database = await freshDatabase();
  await seedCatalogIfEmpty(database.db);
});
afterAll(() => database.close());

describe("Order Now", () => {
  it("stores the product, size and the price from the database in a checkout session", async () => {
    const product = await database.db.selectFrom("products").selectAll().where("id", "=", 1).executeTakeFirst();
    const size = product!.sizes.at(-1)!;
    const id = await orderNow(request(), 1, String(size), "en");
    expect(await readCheckout(request(await cookieOf(id)))).toEqual({
      productId: 1,
      productName: product!.name,
      selectedSize: size,
      priceCents: product!.priceCents,
      // A custom hat's quote chosen before is replaced by the hat.
      quoteId: null,
      payOrderId: null,
    });
    // A second Order Now from the same browser replaces the choice in the same session.
    const again = await orderNow(
      request(await cookieOf(id)),
      2,
      String((await database.db.selectFrom("products").selectAll().where("id", "=", 2).executeTakeFirst())!.sizes[0]),
      "en",
    );
    expect(again).toBe(id);
    expect((await readCheckout(request(await cookieOf(id))))?.productId).toBe(2);
  });

  it("refuses a size the product does not come in, an unknown product and a sold-out one, storing nothing", async () => {
    const before = (await database.db.selectFrom("checkoutSessions").selectAll().execute()).length;
    await expect(orderNow(request(), 1, "99", "en")).rejects.toMatchObject({ kind: "invalid" });
    await expect(orderNow(request(), 1, null, "en")).rejects.toMatchObject({ kind: "invalid" });
    await expect(orderNow(request(), 1, "x".repeat(10_000), "en")).rejects.toBeInstanceOf(AppError);
    await expect(orderNow(request(), 99999, "58", "en")).rejects.toMatchObject({ kind: "not_found" });
    const soldOut = await database.db.selectFrom("products").selectAll().where("inStock", "=", false).limit(1).executeTakeFirst();
    await expect(orderNow(request(), soldOut!.id, String(soldOut!.sizes[0]), "en")).rejects.toMatchObject({ kind: "conflict" });
    expect((await database.db.selectFrom("checkoutSessions").selectAll().execute()).length).toBe(before);
  });

  it("ignores a forged or malformed checkout cookie", async () => {
    expect(await readCheckout(request("checkout=not-a-uuid"))).toBeNull();
    expect(await readCheckout(request(await cookieOf("00000000-0000-4000-8000-000000000000")))).toBeNull();
  });
});
