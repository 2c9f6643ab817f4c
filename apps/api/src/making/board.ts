import { isMakingReason, workshopDayOf } from "@workshop/domain/making-stages.ts";
import type { MakingBoardAnswer, MakingBoardOrder } from "@workshop/domain/staff-api/making.ts";
import { sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import { makingDates } from "./dates.ts";
import { activeStages, inWorkshopStatuses } from "./stage-list.ts";

/**
 * The making board (GET /api/admin/making/board): every order whose hat is in the workshop (being
 * made, or ready and not yet shipped or picked up), one column per stage in the list's order; in
 * each, the order waiting longest in that stage first, with how long, its estimated ready day and
 * whether it is late against the day the checkout promised. One query: a workshop has dozens.
 */
export async function makingBoard(now: Date = new Date()): Promise<MakingBoardAnswer> {
  const db = await getDb();
  const [stages, rows] = await Promise.all([
    activeStages(db),
    db
      .selectFrom("orderMaking")
      .innerJoin("orders", "orders.id", "orderMaking.orderId")
      .select([
        "orders.id",
        "orders.orderNumber",
        "orders.productName",
        "orders.status",
        "orders.deliveryOption",
        "orders.promisedDeliveryDay",
        sql<string>`coalesce("orders"."shipping_address"->>'fullName', '')`.as("customerName"),
        "orderMaking.reason",
        "orderMaking.stageId",
        "orderMaking.stageSince",
        "orderMaking.endedAt",
      ])
      .where("orders.status", "in", inWorkshopStatuses)
      .orderBy("orderMaking.stageSince")
      .orderBy("orders.orderNumber")
      .execute(),
  ]);
  const columns = stages.map((stage) => ({
    stage: { id: stage.id, nameEn: stage.nameEn, nameRu: stage.nameRu, usualDays: stage.usualDays },
    orders: [] as MakingBoardOrder[],
  }));
  const byStage = new Map(columns.map((column) => [column.stage.id, column.orders]));
  for (const row of rows) {
    const dates = makingDates(stages, row, row, now);
    byStage.get(row.stageId)?.push({
      id: row.id,
      orderNumber: row.orderNumber,
      productName: row.productName,
      customerName: row.customerName,
      status: row.status,
      deliveryOption: row.deliveryOption,
      reason: isMakingReason(row.reason) ? row.reason : "made-to-order",
      since: row.stageSince.toISOString(),
      ...dates,
    });
  }
  return {
    today: workshopDayOf(now),
    columns,
    late: columns.reduce((sum, column) => sum + column.orders.filter((order) => order.late).length, 0),
  };
}
