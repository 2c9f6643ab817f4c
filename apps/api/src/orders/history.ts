import { getDb } from "#server/db/client.ts";
import type { Row } from "#server/db/types.ts";

export type OrderEvent = Row<"orderEvents">;

/** Every status change of one order, oldest first (events of one instant keep their insert order). */
export async function orderHistory(orderId: string): Promise<OrderEvent[]> {
  const db = await getDb();
  return db.selectFrom("orderEvents").selectAll().where("orderId", "=", orderId).orderBy("createdAt").orderBy("id").execute();
}
