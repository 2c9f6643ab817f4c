import { workshopToday } from "@workshop/domain/admin-date.ts";
import { count, eq, gte, isNull, sql } from "drizzle-orm";
import { getDb } from "#server/db/client.ts";
import { contactMessages, customOrders, orders } from "#server/db/schema.ts";
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
  const counted = (queue: OrderQueue) => sql<number>`count(*) filter (where ${queueCondition(queue, now)})`.mapWith(Number);
  const [row] = await db
    .select({
      newToday: sql<number>`count(*) filter (where ${gte(orders.createdAt, workshopDayStart(today))})`.mapWith(Number),
      "awaiting-payment": counted("awaiting-payment"),
      "to-make": counted("to-make"),
      "to-ship": counted("to-ship"),
      "cash-expiring": counted("cash-expiring"),
      // Counted from the flagged attempts themselves (few), not by a test on every order.
      flagged: sql<number>`(select count(distinct flagged.order_id) from (${flaggedOrderIds}) as flagged)`.mapWith(Number),
      unreadMessages: sql<number>`(${db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt))})`.mapWith(
        Number,
      ),
      newCustomOrders: sql<number>`(${db.select({ n: count() }).from(customOrders).where(eq(customOrders.status, "NEW"))})`.mapWith(Number),
    })
    .from(orders);
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
