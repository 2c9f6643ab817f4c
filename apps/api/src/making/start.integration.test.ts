import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { setPaymentStatus } from "#server/orders/queries.ts";
import { freshDatabase } from "#test-support/test-db.ts";

/** The making starts when an order is paid, for a hat made for it; a ready hat in stock ships as it is. */

let database: DatabaseHandle;
const bali = {
  fullName: "Wayan Sari",
  email: "wayan@example.com",
  phone: "+62 361 1",
  addressLine1: "Jl. Raya Ubud 10",
  addressLine2: "",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia" as const,
};
const place = (paymentMethod: string, productId = 1) =>
  placeOrder({
    productId,
    selectedSize: seedProducts[productId - 1]!.sizes[0]!,
    shippingAddress: bali,
    deliveryOption: "PICKUP",
    paymentMethod,
    locale: "en",
  });

const makingOf = (orderId: string) => database.db.selectFrom("orderMaking").selectAll().where("orderId", "=", orderId).executeTakeFirst();
const eventsOf = (orderId: string) => database.db.selectFrom("makingEvents").selectAll().where("orderId", "=", orderId).execute();
const firstStage = async () =>
  (await database.db.selectFrom("makingStages").select("id").where("position", "=", 1).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  database = await freshDatabase();
  await seedCatalogIfEmpty(database.db);
});
afterAll(() => database.close());

describe("an order's making", () => {
  it("starts in the first stage when a made-to-order hat is paid, once, by the system", async () => {
    const order = await place("BCA");
    expect(await makingOf(order.id)).toBeUndefined();
    await setPaymentStatus(order.id, "SUCCEEDED", "paid (test)");
    const making = await makingOf(order.id);
    expect(making).toMatchObject({ reason: "made-to-order", stageId: await firstStage(), endedAt: null });
    expect(making!.stageSince).toEqual(making!.startedAt);
    expect(await eventsOf(order.id)).toMatchObject([{ direction: "start", fromStageId: null, actor: "system", staffId: null }]);
  });

  it("starts as a hat paid with the sandbox's test card is placed", async () => {
    const order = await place("TEST_CARD");
    expect(order.paymentStatus).toBe("SUCCEEDED");
    expect(await makingOf(order.id)).toMatchObject({ reason: "made-to-order", stageId: await firstStage() });
  });

  it("does not start for a ready hat in stock, nor for a payment after the order was cancelled", async () => {
    await database.db.updateTable("products").set({ madeToOrder: false }).where("id", "=", 2).execute();
    const ready = await place("BCA", 2);
    await setPaymentStatus(ready.id, "SUCCEEDED", "paid (test)");
    expect(await makingOf(ready.id)).toBeUndefined();
    const cancelled = await place("BCA");
    await database.db.updateTable("orders").set({ status: "CANCELLED" }).where("id", "=", cancelled.id).execute();
    await setPaymentStatus(cancelled.id, "SUCCEEDED", "paid after the cancel (test)");
    expect(await makingOf(cancelled.id)).toBeUndefined();
  });

  it("starts for a custom hat with its deposit, and its balance changes nothing", async () => {
    const order = await place("BCA");
    const request = await database.db
      .insertInto("customOrders")
      .values({
        name: "Wayan",
        email: "wayan@example.com",
        hatType: "Fedora",
        material: "Straw",
        size: "57",
        details: "Wide",
        timeline: "3-4 weeks",
        locale: "en",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable("orders")
      .set({ productId: null, customOrderId: request.id, depositCents: 5_000, depositIdr: 838_865 })
      .where("id", "=", order.id)
      .execute();
    await setPaymentStatus(order.id, "DEPOSIT_PAID", "deposit paid (test)");
    expect(await makingOf(order.id)).toMatchObject({ reason: "custom" });
    await setPaymentStatus(order.id, "SUCCEEDED", "balance paid (test)");
    expect(await eventsOf(order.id)).toHaveLength(1);
  });
});
