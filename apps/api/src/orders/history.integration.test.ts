import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, getDb } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { orderHistory } from "./history.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

async function insertOrder(orderNumber: string, accessToken: string): Promise<string> {
  const db = await getDb();
  const row = await db
    .insertInto("orders")
    .values({
      orderNumber,
      accessToken,
      status: "PENDING",
      paymentStatus: "AWAITING_PREPAYMENT",
      paymentMethod: "CASH_IN_STORE",
      productId: 1,
      productName: "Test hat",
      priceCents: 15_000,
      shippingAddress: json({
        fullName: "Ayu",
        email: "ayu@example.com",
        phone: "+62 811",
        addressLine1: "Jl. Test 1",
        city: "Ubud",
        state: "Bali",
        postalCode: "80571",
        country: "Indonesia",
      }),
      deliveryOption: "PICKUP",
      deliveryCostCents: 0,
      totalCents: 15_000,
      usdToIdrRate: "16777.30",
      totalIdr: 2_516_595,
      locale: "en",
    })
    .returning("id")
    .executeTakeFirst();
  return row!.id;
}

describe("order history", () => {
  it("lists one order's events oldest first, same instants in insert order, nothing of other orders", async () => {
    const db = await getDb();
    const id = await insertOrder("RT-HIST01", "a".repeat(32));
    const other = await insertOrder("RT-HIST02", "b".repeat(32));
    const same = new Date("2025-03-02T10:00:00Z");
    await db
      .insertInto("orderEvents")
      .values([
        { orderId: id, status: "PROCESSING", paymentStatus: "SUCCEEDED", reason: "paid", createdAt: new Date("2025-03-03T10:00:00Z") },
        {
          orderId: id,
          status: "PENDING",
          paymentStatus: "AWAITING_PREPAYMENT",
          reason: "placed",
          createdAt: new Date("2025-03-01T10:00:00Z"),
        },
        { orderId: other, status: "PENDING", paymentStatus: "PENDING", reason: "placed", createdAt: same },
        { orderId: id, status: "CONTACTED", paymentStatus: "AWAITING_PREPAYMENT", reason: "called", createdAt: same },
        { orderId: id, status: "PENDING", paymentStatus: "AWAITING_PREPAYMENT", reason: "back", createdAt: same },
      ])
      .execute();

    const history = await orderHistory(id);
    expect(history.map((e) => e.reason)).toEqual(["placed", "called", "back", "paid"]);
    expect(history.every((e) => e.orderId === id)).toBe(true);
    expect(await orderHistory("00000000-0000-4000-8000-000000000000")).toEqual([]);
  });
});
