import { workshopToday } from "@workshop/domain/admin-date.ts";
import { sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import { flaggedOrderIds, type OrderQueue, queueCondition, workshopDayStart } from "./order-list.ts";

export type DashboardCounts = {
  /** Today's date in Bali (YYYY-MM-DD), the day `newToday` counts. */
  today: string;
  newToday: number;
  unreadMessages: number;
  /** Custom requests nobody has moved on from NEW yet. */
  newCustomOrders: number;
} & Record<OrderQueue, number>;

/**
 * What needs the workshop's attention, counted in one statement: orders placed today (Bali time),
 * each work queue of the orders list (the same conditions, so a count and the list it links to
 * agree), contact messages nobody has opened and custom requests still NEW.
 */
export async function dashboardCounts(now: Date = new Date()): Promise<DashboardCounts> {
  const db = await getDb();
  const today = workshopToday(now);
  // count(*) comes back as a number (db/client.ts).
  const counted = (queue: OrderQueue) => sql<number>`count(*) filter (where ${queueCondition(queue, now)})`;
  const row = await db
    .selectFrom("orders")
    .select((eb) => [
      sql<number>`count(*) filter (where ${eb("orders.createdAt", ">=", workshopDayStart(today))})`.as("newToday"),
      counted("awaiting-payment").as("awaiting-payment"),
      counted("to-make").as("to-make"),
      counted("to-ship").as("to-ship"),
      counted("cash-expiring").as("cash-expiring"),
      // Counted from the flagged attempts themselves (few), not by a test on every order.
      sql<number>`(select count(distinct flagged.order_id) from (${flaggedOrderIds}) as flagged)`.as("flagged"),
      eb
        .selectFrom("contactMessages")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("contactMessages.readAt", "is", null)
        .$asScalar()
        .as("unreadMessages"),
      eb
        .selectFrom("customOrders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("customOrders.status", "=", "NEW")
        .$asScalar()
        .as("newCustomOrders"),
    ])
    .executeTakeFirst();
  return {
    today,
    newToday: row?.newToday ?? 0,
    "awaiting-payment": row?.["awaiting-payment"] ?? 0,
    "to-make": row?.["to-make"] ?? 0,
    "to-ship": row?.["to-ship"] ?? 0,
    "cash-expiring": row?.["cash-expiring"] ?? 0,
    flagged: row?.flagged ?? 0,
    unreadMessages: row?.unreadMessages ?? 0,
    newCustomOrders: row?.newCustomOrders ?? 0,
  };
}
