import { workshopToday } from "@workshop/domain/admin-date.ts";
import type { DashboardAnswer, MoneySum } from "@workshop/domain/staff-api.ts";
import { sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import { notOwnPaymentFlag } from "#server/payments/refund-ledger.ts";
import { workshopDayStart } from "./order-list.ts";

type DashboardMoney = DashboardAnswer["money"];

/** Monday 00:00 and the 1st 00:00 of the week and month of `now`, on the workshop's clock. */
export function moneyPeriods(now: Date = new Date()): { weekStart: Date; monthStart: Date } {
  const today = workshopToday(now);
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  // getUTCDay of the calendar date itself: 0 is Sunday, so Monday is 6 days back from it.
  const sinceMonday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(y, m - 1, d - sinceMonday)).toISOString().slice(0, 10);
  return { weekStart: workshopDayStart(monday), monthStart: workshopDayStart(`${today.slice(0, 7)}-01`) };
}

/**
 * The dashboard's money, in one statement. A payment is received when an order's payment status
 * becomes DEPOSIT_PAID or SUCCEEDED: the first history row (order_events) with that status, so the
 * later rows of a paid order (shipped, completed) count nothing. A deposit counts the order's
 * deposit; a success counts the total less the deposit when one was paid before it (the balance),
 * else the whole total. Sandbox test orders (test_payment, now or ever) never count. Refunds are
 * counted apart, in the period their money went out (refunded_at: Xendit's success, or an owner's
 * record of one made by hand), and taken off for the net (decision 047): only refunds of the
 * order's own payment, the money counted as received (never a second payment's, one made after a
 * cancel or of the wrong amount, which never counted), so paid, refunded and net agree.
 */
export async function dashboardMoney(now: Date = new Date()): Promise<DashboardMoney> {
  const { weekStart, monthStart } = moneyPeriods(now);
  const since = new Date(Math.min(weekStart.getTime(), monthStart.getTime()));
  const db = await getDb();
  // An earlier history row of the same order, by time and then id (rows of one instant keep their order).
  const before = (alias: "d" | "p") => sql`(${sql.raw(`"${alias}"."created_at", "${alias}"."id"`)}) < ("e"."created_at", "e"."id")`;
  const depositFirst = sql<boolean>`exists (select 1 from "order_events" as "d" where "d"."order_id" = "e"."order_id"
    and "d"."payment_status" = 'DEPOSIT_PAID' and ${before("d")})`;
  const row = await db
    .with("received", (db) =>
      db
        .selectFrom("orderEvents as e")
        .innerJoin("orders as o", "o.id", "e.orderId")
        .select([
          "e.createdAt as at",
          "e.orderId",
          sql<number>`case when "e"."payment_status" = 'DEPOSIT_PAID' then coalesce("o"."deposit_cents", 0)
            else "o"."total_cents" - case when ${depositFirst} then coalesce("o"."deposit_cents", 0) else 0 end end`.as("usdCents"),
          sql<number>`case when "e"."payment_status" = 'DEPOSIT_PAID' then coalesce("o"."deposit_idr", 0)
            else "o"."total_idr" - case when ${depositFirst} then coalesce("o"."deposit_idr", 0) else 0 end end`.as("idr"),
        ])
        .where("e.paymentStatus", "in", ["DEPOSIT_PAID", "SUCCEEDED"])
        .where("e.createdAt", ">=", since)
        .where("o.status", "<>", "test_payment")
        .where(sql<boolean>`not exists (select 1 from "order_events" as "p" where "p"."order_id" = "e"."order_id"
          and (("p"."payment_status" = "e"."payment_status" and ${before("p")}) or "p"."status" = 'test_payment'))`),
    )
    .with("paid", (db) =>
      db
        .selectFrom("received")
        .select([
          sql<number>`coalesce(sum("received"."usd_cents") filter (where "received"."at" >= ${weekStart}), 0)::bigint`.as("weekUsd"),
          sql<number>`coalesce(sum("received"."idr") filter (where "received"."at" >= ${weekStart}), 0)::bigint`.as("weekIdr"),
          sql<number>`count(distinct "received"."order_id") filter (where "received"."at" >= ${weekStart})`.as("weekOrders"),
          sql<number>`coalesce(sum("received"."usd_cents") filter (where "received"."at" >= ${monthStart}), 0)::bigint`.as("monthUsd"),
          sql<number>`coalesce(sum("received"."idr") filter (where "received"."at" >= ${monthStart}), 0)::bigint`.as("monthIdr"),
          sql<number>`count(distinct "received"."order_id") filter (where "received"."at" >= ${monthStart})`.as("monthOrders"),
        ]),
    )
    .with("unpaid", (db) =>
      db
        .selectFrom("orders")
        .select([
          sql<number>`coalesce(sum("orders"."total_cents"), 0)::bigint`.as("cashUsd"),
          sql<number>`coalesce(sum("orders"."total_idr"), 0)::bigint`.as("cashIdr"),
          sql<number>`count(*)`.as("cashOrders"),
        ])
        .where("paymentMethod", "=", "CASH_IN_STORE")
        .where("paymentStatus", "=", "AWAITING_PREPAYMENT")
        .where("status", "not in", ["CANCELLED", "test_payment"]),
    )
    .with("refunded", (db) =>
      db
        .selectFrom("refunds as r")
        .innerJoin("orders as o", "o.id", "r.orderId")
        .leftJoin("paymentAttempts as a", "a.id", "r.paymentAttemptId")
        .select([
          sql<number>`coalesce(sum("r"."amount_usd_cents") filter (where "r"."refunded_at" >= ${weekStart}), 0)::bigint`.as(
            "refundWeekUsd",
          ),
          sql<number>`coalesce(sum("r"."amount") filter (where "r"."refunded_at" >= ${weekStart}), 0)::bigint`.as("refundWeekIdr"),
          sql<number>`count(distinct "r"."order_id") filter (where "r"."refunded_at" >= ${weekStart})`.as("refundWeekOrders"),
          sql<number>`coalesce(sum("r"."amount_usd_cents") filter (where "r"."refunded_at" >= ${monthStart}), 0)::bigint`.as(
            "refundMonthUsd",
          ),
          sql<number>`coalesce(sum("r"."amount") filter (where "r"."refunded_at" >= ${monthStart}), 0)::bigint`.as("refundMonthIdr"),
          sql<number>`count(distinct "r"."order_id") filter (where "r"."refunded_at" >= ${monthStart})`.as("refundMonthOrders"),
        ])
        .where("r.status", "=", "SUCCEEDED")
        .where("r.refundedAt", ">=", since)
        .where("r.currency", "=", "IDR")
        .where("o.status", "<>", "test_payment")
        .where(
          sql<boolean>`not exists (select 1 from "order_events" as "t" where "t"."order_id" = "r"."order_id" and "t"."status" = 'test_payment')`,
        )
        // Only what went back of the order's own payment (in the workshop, or online unflagged):
        // a second payment, one after a cancel or of the wrong amount never counted as received.
        .where((eb) =>
          eb.or([
            eb("r.paymentAttemptId", "is", null),
            eb.and([
              eb("a.status", "=", "SUCCEEDED"),
              eb.or([eb("a.flag", "is", null), sql<boolean>`not ("a"."flag" ~ ${notOwnPaymentFlag.source})`]),
            ]),
          ]),
        ),
    )
    .selectFrom(["paid", "unpaid", "refunded"])
    .selectAll()
    .executeTakeFirstOrThrow();
  const sum = (usdCents: number, idr: number, orders: number): MoneySum => ({ usdCents, idr, orders });
  const paidThisWeek = sum(row.weekUsd, row.weekIdr, row.weekOrders);
  const paidThisMonth = sum(row.monthUsd, row.monthIdr, row.monthOrders);
  const refundedThisWeek = sum(row.refundWeekUsd, row.refundWeekIdr, row.refundWeekOrders);
  const refundedThisMonth = sum(row.refundMonthUsd, row.refundMonthIdr, row.refundMonthOrders);
  const net = (paid: MoneySum, refunded: MoneySum) => sum(paid.usdCents - refunded.usdCents, paid.idr - refunded.idr, paid.orders);
  return {
    paidThisWeek,
    paidThisMonth,
    unpaidCash: sum(row.cashUsd, row.cashIdr, row.cashOrders),
    refundedThisWeek,
    refundedThisMonth,
    netThisWeek: net(paidThisWeek, refundedThisWeek),
    netThisMonth: net(paidThisMonth, refundedThisMonth),
  };
}
