import { defaultMakingStages } from "@workshop/domain/making-stages.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabase } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import { databaseBefore, type OlderDatabase } from "#test-support/database-before.ts";

/**
 * A shop upgraded from the build before making stages (migration 0021): the orders being made get
 * the first stage, dated when they were paid; the others get none; the stage list is the default.
 */

let counter = 0;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** An order as the build before 0021 kept it, with the history lines of its payment. */
async function oldOrder(
  older: OlderDatabase,
  order: { status: string; paymentStatus: string; placedMinutesAgo: number; customOrderId?: number },
  events: { paymentStatus: string; minutesAgo: number }[] = [],
): Promise<string> {
  counter += 1;
  const { id } = await older.db
    .insertInto("orders")
    .values({
      orderNumber: `RT-MK${String(counter).padStart(4, "0")}`,
      accessToken: `before-0021-${counter}-${"x".repeat(16)}`,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: "BCA",
      productId: order.customOrderId ? null : 1,
      productName: order.customOrderId ? "Custom panama" : "Ubud Sun Fedora",
      size: 57,
      priceCents: 15_000,
      shippingAddress: json({
        fullName: "Made",
        email: "made@example.com",
        phone: "+62 361 000",
        addressLine1: "Jl. Hanoman 2",
        city: "Ubud",
        state: "Bali",
        postalCode: "80571",
        country: "Indonesia",
      }),
      deliveryOption: "LION_PARCEL",
      deliveryCostCents: 1_000,
      totalCents: 16_000,
      usdToIdrRate: "16000.00",
      totalIdr: 2_560_000,
      locale: "en",
      customOrderId: order.customOrderId ?? null,
      createdAt: minutesAgo(order.placedMinutesAgo),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const event of [{ paymentStatus: "PENDING", minutesAgo: order.placedMinutesAgo }, ...events])
    await older.db
      .insertInto("orderEvents")
      .values({
        orderId: id,
        status: order.status,
        paymentStatus: event.paymentStatus,
        reason: "test",
        createdAt: minutesAgo(event.minutesAgo),
      })
      .execute();
  return id;
}

describe("orders of a shop upgraded to making stages (migration 0021)", () => {
  let older: OlderDatabase;
  let handle: DatabaseHandle;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    older = await databaseBefore("0021_making_stages");
    const { id: customOrderId } = await older.db
      .insertInto("customOrders")
      .values({
        name: "Wayan",
        email: "wayan@example.com",
        hatType: "Panama Hat",
        material: "Straw",
        size: "57",
        details: "A wide brim",
        timeline: "3-4 weeks",
        locale: "en",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.paid = await oldOrder(older, { status: "PROCESSING", paymentStatus: "SUCCEEDED", placedMinutesAgo: 600 }, [
      { paymentStatus: "SUCCEEDED", minutesAgo: 500 },
    ]);
    ids.inProgress = await oldOrder(older, { status: "IN_PROGRESS", paymentStatus: "SUCCEEDED", placedMinutesAgo: 9000 }, [
      { paymentStatus: "FAILED", minutesAgo: 8900 },
      { paymentStatus: "SUCCEEDED", minutesAgo: 8000 },
    ]);
    // A custom hat whose deposit was paid, and later its balance: dated by the deposit.
    ids.custom = await oldOrder(older, { status: "CONTACTED", paymentStatus: "SUCCEEDED", placedMinutesAgo: 7000, customOrderId }, [
      { paymentStatus: "DEPOSIT_PAID", minutesAgo: 6000 },
      { paymentStatus: "SUCCEEDED", minutesAgo: 100 },
    ]);
    // Paid when placed (the test card), with no payment line of its own: dated when placed.
    ids.placedPaid = await oldOrder(older, { status: "PROCESSING", paymentStatus: "SUCCEEDED", placedMinutesAgo: 300 });
    ids.shipped = await oldOrder(older, { status: "SHIPPED", paymentStatus: "SUCCEEDED", placedMinutesAgo: 20000 }, [
      { paymentStatus: "SUCCEEDED", minutesAgo: 19000 },
    ]);
    ids.cancelled = await oldOrder(older, { status: "CANCELLED", paymentStatus: "SUCCEEDED", placedMinutesAgo: 800 }, [
      { paymentStatus: "SUCCEEDED", minutesAgo: 700 },
    ]);
    ids.unpaid = await oldOrder(older, { status: "PENDING", paymentStatus: "AWAITING_PREPAYMENT", placedMinutesAgo: 60 });
    await older.db.insertInto("products").values({ name: "Ubud Sun Fedora", priceCents: 15_000 }).execute();
    handle = await older.open();
    useDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
    await older?.drop();
  });

  const paidAt = async (id: string, status: string) =>
    (
      await handle.db
        .selectFrom("orderEvents")
        .select("createdAt")
        .where("orderId", "=", id)
        .where("paymentStatus", "=", status)
        .orderBy("createdAt")
        .executeTakeFirstOrThrow()
    ).createdAt;

  it("have the default stage list: Weaving, Blocking, Finishing, Quality check, Ready", async () => {
    const stages = await handle.db.selectFrom("makingStages").selectAll().orderBy("position").execute();
    expect(stages.map(({ position, nameEn, nameRu, usualDays }) => ({ nameEn, nameRu, usualDays, position }))).toEqual(
      defaultMakingStages.map((stage, i) => ({ ...stage, position: i + 1 })),
    );
  });

  it("being made, start in the first stage dated when they were paid, each with its start event", async () => {
    const [first] = await handle.db.selectFrom("makingStages").select("id").where("position", "=", 1).execute();
    const making = await handle.db.selectFrom("orderMaking").selectAll().execute();
    const byOrder = new Map(making.map((m) => [m.orderId, m]));
    expect([...byOrder.keys()].sort()).toEqual([ids.paid, ids.inProgress, ids.custom, ids.placedPaid].sort());
    const placed = await handle.db.selectFrom("orders").select("createdAt").where("id", "=", ids.placedPaid!).executeTakeFirstOrThrow();
    const expected: [string, string, Date][] = [
      [ids.paid!, "made-to-order", await paidAt(ids.paid!, "SUCCEEDED")],
      [ids.inProgress!, "made-to-order", await paidAt(ids.inProgress!, "SUCCEEDED")],
      [ids.custom!, "custom", await paidAt(ids.custom!, "DEPOSIT_PAID")],
      [ids.placedPaid!, "made-to-order", placed.createdAt],
    ];
    for (const [id, reason, at] of expected) {
      expect(byOrder.get(id)).toEqual({ orderId: id, reason, stageId: first!.id, stageSince: at, startedAt: at, endedAt: null });
      const events = await handle.db.selectFrom("makingEvents").selectAll().where("orderId", "=", id).execute();
      expect(events).toMatchObject([{ fromStageId: null, toStageId: first!.id, direction: "start", actor: "system", createdAt: at }]);
    }
  });

  it("shipped, cancelled or unpaid, get no making; every order keeps its columns, with no promise kept and no e-mails stopped", async () => {
    const none = await handle.db
      .selectFrom("orderMaking")
      .select("orderId")
      .where("orderId", "in", [ids.shipped!, ids.cancelled!, ids.unpaid!])
      .execute();
    expect(none).toEqual([]);
    const orders = await handle.db.selectFrom("orders").select(["promisedDeliveryDay", "stageMailsStoppedAt"]).execute();
    expect(orders).toHaveLength(7);
    for (const order of orders) expect(order).toEqual({ promisedDeliveryDay: null, stageMailsStoppedAt: null });
    const products = await handle.db.selectFrom("products").select("madeToOrder").execute();
    expect(products).toEqual([{ madeToOrder: true }]);
  });
});
