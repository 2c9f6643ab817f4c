import { asc, eq } from "drizzle-orm";
import { getDb } from "#server/db/client.ts";
import { orderEvents } from "#server/db/schema.ts";

export type OrderEvent = typeof orderEvents.$inferSelect;

/** Every status change of one order, oldest first (events of one instant keep their insert order). */
export async function orderHistory(orderId: string): Promise<OrderEvent[]> {
  const db = await getDb();
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}
