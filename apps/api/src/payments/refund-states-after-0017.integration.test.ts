import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabase } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import type { Database } from "#server/db/types.ts";
import { databaseBefore, type OlderDatabase } from "#test-support/database-before.ts";
import { orderRefunds, recomputeStaleRefundStates } from "./refunds.ts";

/**
 * A shop whose refunds were made before partial refunds (migration 0017): each in full, through
 * Xendit. Migrated, every order with refunds gets the state the app's own rule gives it.
 */

let counter = 0;
/** An order as the build before 0017 kept it, its payments and its refunds (in full). */
async function oldOrder(
  db: Kysely<Database>,
  order: { status: string; paymentStatus: string },
  attempts: { status: string; flag?: string }[],
  refunds: { attempt: number; status: string; minutesAgo: number }[],
): Promise<string> {
  counter += 1;
  const { id } = await db
    .insertInto("orders")
    .values({
      orderNumber: `RT-OLD${String(counter).padStart(4, "0")}`,
      accessToken: `before-0017-${counter}-${"x".repeat(16)}`,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: "DANA",
      productId: 1,
      productName: "Ubud Sun Fedora",
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
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  for (const [i, a] of attempts.entries()) {
    const row = await db
      .insertInto("paymentAttempts")
      .values({
        orderId: id,
        attempt: i + 1,
        method: "DANA",
        channelCode: "DANA",
        amount: 2_560_000,
        currency: "IDR",
        status: a.status,
        failureCode: null,
        xenditRequestId: `pr-before-0017-${counter}-${i}`,
        flag: a.flag ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  for (const r of refunds) {
    const at = new Date(Date.now() - r.minutesAgo * 60_000);
    // Only the columns refunds had before 0017.
    await sql`insert into refunds (order_id, payment_attempt_id, amount, currency, status, reason, created_at, updated_at)
      values (${id}, ${ids[r.attempt - 1]}, 2560000, 'IDR', ${r.status}, 'DUPLICATE', ${at}, ${at})`.execute(db);
  }
  return id;
}

describe("orders refunded before partial refunds, once migrated", () => {
  let before: OlderDatabase;
  let handle: DatabaseHandle;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    before = await databaseBefore("0017_refunds_and_returns");
    const { db } = before;
    // Paid twice, then cancelled by staff; only the second payment went back: the order still holds its price.
    ids.duplicateOfCancelled = await oldOrder(
      db,
      { status: "CANCELLED", paymentStatus: "SUCCEEDED" },
      [{ status: "SUCCEEDED" }, { status: "SUCCEEDED", flag: "order already paid by another payment" }],
      [{ attempt: 2, status: "SUCCEEDED", minutesAgo: 60 }],
    );
    // Cancelled and its one payment given back: refunded.
    ids.cancelledRefunded = await oldOrder(
      db,
      { status: "CANCELLED", paymentStatus: "SUCCEEDED" },
      [{ status: "SUCCEEDED" }],
      [{ attempt: 1, status: "SUCCEEDED", minutesAgo: 60 }],
    );
    // A refund that failed, then was made again and went through: no failure left standing.
    ids.failedThenDone = await oldOrder(
      db,
      { status: "CANCELLED", paymentStatus: "SUCCEEDED" },
      [{ status: "SUCCEEDED" }],
      [
        { attempt: 1, status: "FAILED", minutesAgo: 90 },
        { attempt: 1, status: "SUCCEEDED", minutesAgo: 30 },
      ],
    );
    // One still waiting for Xendit.
    ids.pending = await oldOrder(
      db,
      { status: "PROCESSING", paymentStatus: "SUCCEEDED" },
      [{ status: "SUCCEEDED" }, { status: "SUCCEEDED", flag: "order already paid by another payment" }],
      [{ attempt: 2, status: "PENDING", minutesAgo: 10 }],
    );
    handle = await before.open();
    useDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
    await before?.drop();
  });

  const stored = async (id: string) =>
    await handle.db
      .selectFrom("orders")
      .select(["refundState", "refundedCents", "refundedIdr"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("have the state the app's rule gives them, and the rule's sums, once the refunds job has run", async () => {
    expect(await recomputeStaleRefundStates()).toBe(4);
    expect(await stored(ids.duplicateOfCancelled!)).toEqual({ refundState: null, refundedCents: 16_000, refundedIdr: 2_560_000 });
    expect(await stored(ids.cancelledRefunded!)).toEqual({ refundState: "REFUNDED", refundedCents: 16_000, refundedIdr: 2_560_000 });
    expect(await stored(ids.failedThenDone!)).toMatchObject({ refundState: "REFUNDED", refundedCents: 16_000 });
    expect(await stored(ids.pending!)).toMatchObject({ refundState: "REFUND_PENDING", refundedCents: 0 });
    for (const id of Object.values(ids)) expect((await stored(id)).refundState).toBe((await orderRefunds(id))!.money.state);
  });

  it("is done once: nothing is left to work out, and a second run changes nothing", async () => {
    expect(await recomputeStaleRefundStates()).toBe(0);
    expect(await stored(ids.duplicateOfCancelled!)).toMatchObject({ refundState: null });
  });
});
