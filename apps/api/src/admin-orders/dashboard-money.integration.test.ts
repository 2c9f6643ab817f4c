import type { Insertable } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, getDb } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import type { Database } from "#server/db/types.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { dashboardMoney, moneyPeriods } from "./dashboard-money.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.deleteFrom("orders").execute();
});

// The clock of these tests: Thursday 26 Nov 2026, 12:00 in Bali (UTC+8). The week began on Monday
// 23 Nov 00:00 Bali (22 Nov 16:00 UTC), the month on 1 Nov 00:00 Bali (31 Oct 16:00 UTC).
const now = new Date("2026-11-26T04:00:00Z");
let counter = 0;

type Event = [at: string, status: string, paymentStatus: string];

/** An order (its rupiah 100 per cent, to read sums easily) and its history, each row at its time. */
async function order(columns: Partial<Insertable<Database["orders"]>>, events: Event[]): Promise<string> {
  counter += 1;
  const db = await getDb();
  const totalCents = columns.totalCents ?? 10_000;
  const row = await db
    .insertInto("orders")
    .values({
      orderNumber: `RT-M${String(counter).padStart(5, "0")}`,
      accessToken: `money-${counter}-${"x".repeat(20)}`,
      status: "PROCESSING",
      paymentStatus: "SUCCEEDED",
      paymentMethod: "BCA",
      productId: 1,
      productName: "Ubud Sun Fedora",
      size: 57,
      priceCents: totalCents,
      shippingAddress: json({
        fullName: "Nyoman",
        email: "nyoman@example.com",
        phone: "+62 811 000",
        addressLine1: "Jl. Test 1",
        city: "Ubud",
        state: "Bali",
        postalCode: "80571",
        country: "Indonesia",
      }),
      deliveryOption: "DHL",
      deliveryCostCents: 0,
      totalCents,
      usdToIdrRate: "16777.30",
      totalIdr: totalCents * 100,
      locale: "en",
      createdAt: new Date("2026-10-01T00:00:00Z"),
      ...columns,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [at, status, paymentStatus] of events)
    await db
      .insertInto("orderEvents")
      .values({ orderId: row.id, status, paymentStatus, reason: "test", createdAt: new Date(at) })
      .execute();
  return row.id;
}

const placed = (at = "2026-10-20T00:00:00Z"): Event => [at, "PENDING", "PENDING"];

describe("the dashboard's periods", () => {
  it("start on Monday 00:00 and on the 1st 00:00 in Bali, whatever the hour elsewhere", () => {
    expect(moneyPeriods(now)).toEqual({ weekStart: new Date("2026-11-22T16:00:00Z"), monthStart: new Date("2026-10-31T16:00:00Z") });
    // Sunday 23:59 in Bali is still the week of Monday the 23rd; a minute later a new week begins.
    expect(moneyPeriods(new Date("2026-11-29T15:59:00Z")).weekStart).toEqual(new Date("2026-11-22T16:00:00Z"));
    expect(moneyPeriods(new Date("2026-11-29T16:00:00Z")).weekStart).toEqual(new Date("2026-11-29T16:00:00Z"));
    // 1 Dec 00:30 in Bali (still 30 Nov in UTC): a new month, in a week that began in November.
    expect(moneyPeriods(new Date("2026-11-30T16:30:00Z"))).toEqual({
      weekStart: new Date("2026-11-29T16:00:00Z"),
      monthStart: new Date("2026-11-30T16:00:00Z"),
    });
  });
});

describe("the dashboard's money", () => {
  it("counts each payment once, when it came in: a deposit and its balance apart, never a test order", async () => {
    // Paid this week; its later history rows (made, shipped) count nothing more.
    await order({ totalCents: 21_500 }, [
      placed(),
      ["2026-11-24T03:00:00Z", "PROCESSING", "SUCCEEDED"],
      ["2026-11-25T03:00:00Z", "IN_PROGRESS", "SUCCEEDED"],
      ["2026-11-26T01:00:00Z", "SHIPPED", "SUCCEEDED"],
    ]);
    // Paid earlier this month.
    await order({ totalCents: 10_000 }, [placed(), ["2026-11-10T05:00:00Z", "PROCESSING", "SUCCEEDED"]]);
    // Paid at 23:59 on 31 Oct in Bali: last month. And one at 00:00 on 1 Nov: this month.
    await order({ totalCents: 7_000 }, [placed(), ["2026-10-31T15:59:59Z", "PROCESSING", "SUCCEEDED"]]);
    await order({ totalCents: 12_345 }, [placed(), ["2026-10-31T16:00:00Z", "PROCESSING", "SUCCEEDED"]]);
    // A custom hat: its deposit this month, its balance this week.
    await order({ totalCents: 40_000, depositCents: 20_000, depositIdr: 2_000_000 }, [
      placed(),
      ["2026-11-05T02:00:00Z", "PROCESSING", "DEPOSIT_PAID"],
      ["2026-11-06T02:00:00Z", "IN_PROGRESS", "DEPOSIT_PAID"],
      ["2026-11-24T02:00:00Z", "IN_PROGRESS", "SUCCEEDED"],
    ]);
    // A custom hat paid whole at once (no deposit paid first): its whole total.
    await order({ totalCents: 30_000, depositCents: 15_000, depositIdr: 1_500_000 }, [
      placed(),
      ["2026-11-25T02:00:00Z", "PROCESSING", "SUCCEEDED"],
    ]);
    // A custom hat whose deposit came in last month and balance this week: only the balance.
    await order({ totalCents: 8_000, depositCents: 4_000, depositIdr: 400_000 }, [
      placed(),
      ["2026-10-15T02:00:00Z", "PROCESSING", "DEPOSIT_PAID"],
      ["2026-11-25T06:00:00Z", "IN_PROGRESS", "SUCCEEDED"],
    ]);
    // A deposit paid this week, balance not yet.
    await order({ totalCents: 50_000, depositCents: 25_000, depositIdr: 2_500_000, paymentStatus: "DEPOSIT_PAID" }, [
      placed(),
      ["2026-11-23T00:00:00Z", "PROCESSING", "DEPOSIT_PAID"],
    ]);
    // Sandbox test orders, one still test_payment, one since completed: never money.
    await order({ status: "test_payment" }, [["2026-11-24T00:00:00Z", "test_payment", "SUCCEEDED"]]);
    await order({ status: "COMPLETED" }, [
      ["2026-11-24T00:00:00Z", "test_payment", "SUCCEEDED"],
      ["2026-11-24T01:00:00Z", "COMPLETED", "SUCCEEDED"],
    ]);
    // Not paid at all, or a payment that failed.
    await order({ paymentStatus: "FAILED", status: "PENDING" }, [
      placed("2026-11-24T00:00:00Z"),
      ["2026-11-24T01:00:00Z", "PENDING", "FAILED"],
    ]);

    const money = await dashboardMoney(now);
    // Week: 21,500 + balance 20,000 + whole 30,000 + balance 4,000 + deposit 25,000.
    expect(money.paidThisWeek).toEqual({ usdCents: 100_500, idr: 10_050_000, orders: 5 });
    // Month: the week's, plus 10,000, 12,345 and the deposit of 20,000 (that order counted once).
    expect(money.paidThisMonth).toEqual({ usdCents: 142_845, idr: 14_284_500, orders: 7 });
    expect(money.unpaidCash).toEqual({ usdCents: 0, idr: 0, orders: 0 });
  });

  it("sums cash orders still waiting for their prepayment, not cancelled ones nor paid ones", async () => {
    const cash = { paymentMethod: "CASH_IN_STORE", paymentStatus: "AWAITING_PREPAYMENT", status: "PENDING" };
    await order({ ...cash, totalCents: 15_000 }, [placed("2026-11-25T00:00:00Z")]);
    await order({ ...cash, status: "CONTACTED", totalCents: 5_000 }, [placed("2026-11-01T00:00:00Z")]);
    await order({ ...cash, status: "CANCELLED", totalCents: 99_000 }, [placed("2026-11-02T00:00:00Z")]);
    await order({ ...cash, paymentStatus: "FAILED", status: "CANCELLED", totalCents: 98_000 }, [placed("2026-11-02T00:00:00Z")]);
    // Paid in the workshop this week: money received, no longer unpaid.
    await order({ ...cash, paymentStatus: "SUCCEEDED", status: "PROCESSING", totalCents: 7_500 }, [
      placed("2026-11-20T00:00:00Z"),
      ["2026-11-24T08:00:00Z", "PROCESSING", "SUCCEEDED"],
    ]);
    await order({ paymentStatus: "AWAITING_PREPAYMENT", status: "PENDING", totalCents: 4_000 }, [placed("2026-11-25T00:00:00Z")]);
    const money = await dashboardMoney(now);
    expect(money.unpaidCash).toEqual({ usdCents: 20_000, idr: 2_000_000, orders: 2 });
    expect(money.paidThisWeek).toEqual({ usdCents: 7_500, idr: 750_000, orders: 1 });
  });

  it("takes off only refunds of money it counted as paid: the order's own payment, not a second one or one after a cancel", async () => {
    const db = await getDb();
    const attempt = async (orderId: string, n: number, flag: string | null) =>
      (
        await db
          .insertInto("paymentAttempts")
          .values({
            orderId,
            attempt: n,
            method: "DANA",
            channelCode: "DANA",
            amount: 1_000_000,
            currency: "IDR",
            status: "SUCCEEDED",
            failureCode: null,
            xenditRequestId: `pr-money-${orderId}-${n}`,
            flag,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const refund = (orderId: string, paymentAttemptId: string | null, usdCents: number) =>
      db
        .insertInto("refunds")
        .values({
          orderId,
          paymentAttemptId,
          way: paymentAttemptId ? "XENDIT" : "CASH",
          amount: usdCents * 100,
          currency: "IDR",
          amountUsdCents: usdCents,
          status: "SUCCEEDED",
          reason: "OTHERS",
          refundedAt: new Date("2026-11-25T05:00:00Z"),
        })
        .execute();
    // Paid this week, then paid again in another tab: the second payment goes back whole, and $10 of the first.
    const twice = await order({ paymentMethod: "DANA", totalCents: 10_000 }, [
      placed(),
      ["2026-11-24T03:00:00Z", "PROCESSING", "SUCCEEDED"],
    ]);
    const own = await attempt(twice, 1, null);
    const second = await attempt(twice, 2, "order already paid by another payment");
    await refund(twice, second, 10_000);
    await refund(twice, own, 1_000);
    // Cancelled before it was paid; the payment that came after goes back: never received, never refunded.
    const cancelled = await order({ paymentMethod: "DANA", status: "CANCELLED", paymentStatus: "FAILED", totalCents: 20_000 }, [
      placed(),
      ["2026-11-23T03:00:00Z", "CANCELLED", "FAILED"],
    ]);
    await refund(cancelled, await attempt(cancelled, 1, "paid after the order was cancelled"), 20_000);
    // Paid in cash in the workshop this week, $25 of it given back there.
    const cash = await order({ paymentMethod: "CASH_IN_STORE", totalCents: 5_000 }, [
      placed(),
      ["2026-11-24T08:00:00Z", "PROCESSING", "SUCCEEDED"],
    ]);
    await refund(cash, null, 2_500);

    const money = await dashboardMoney(now);
    expect(money.paidThisWeek).toEqual({ usdCents: 15_000, idr: 1_500_000, orders: 2 });
    expect(money.refundedThisWeek).toEqual({ usdCents: 3_500, idr: 350_000, orders: 2 });
    expect(money.netThisWeek).toEqual({ usdCents: 11_500, idr: 1_150_000, orders: 2 });
  });

  it("is one statement however many orders there are", async () => {
    for (let i = 0; i < 5; i++) await order({}, [placed(), ["2026-11-24T03:00:00Z", "PROCESSING", "SUCCEEDED"]]);
    const db = await getDb();
    let statements = 0;
    const original = db.getExecutor().executeQuery.bind(db.getExecutor());
    const executor = db.getExecutor() as { executeQuery: typeof original };
    executor.executeQuery = (...args) => {
      statements += 1;
      return original(...args);
    };
    try {
      expect((await dashboardMoney(now)).paidThisWeek.orders).toBe(5);
    } finally {
      executor.executeQuery = original;
    }
    expect(statements).toBe(1);
  });
});
