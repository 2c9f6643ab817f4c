import type { StageMailsAnswer } from "@workshop/domain/shop-api/stage-mails.ts";
import { sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import { makingMailTemplates } from "#server/mail/index.ts";
import { orderByToken } from "#server/orders/queries.ts";

/**
 * The customer's stop of an order's stage e-mails (stage-mails.ts), through the order's private
 * link: the stop link of every stage e-mail leads to the shop's page that asks first, and mail
 * readers post to its one-click form (shop-routes.ts).
 */

/** The stop page's answer for an order's private link; null for a token that finds no order. */
export async function stageMailsOf(token: string): Promise<StageMailsAnswer | null> {
  const order = await orderByToken(token);
  return order && { orderNumber: order.orderNumber, stopped: order.stageMailsStoppedAt !== null };
}

/**
 * Stops (or starts again) the stage e-mails of the order behind a private link; null for a token
 * that finds no order. A stop keeps the moment of the first one, and withholds the stage e-mails
 * still queued for delivery (status `stopped`): a mail already being sent goes.
 */
export async function setStageMails(token: string, stop: boolean): Promise<StageMailsAnswer | null> {
  const order = await orderByToken(token);
  if (!order) return null;
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const changed = await tx
      .updateTable("orders")
      .set({ stageMailsStoppedAt: stop ? sql`coalesce("stage_mails_stopped_at", now())` : null })
      .where("id", "=", order.id)
      .returning(["orderNumber", "stageMailsStoppedAt"])
      .executeTakeFirstOrThrow();
    if (stop)
      await tx
        .updateTable("mailOutbox")
        .set({ status: "stopped", lastError: "The customer stopped the e-mails about the making of this order" })
        .where("orderId", "=", order.id)
        .where("template", "in", makingMailTemplates)
        .where("status", "=", "pending")
        .execute();
    return { orderNumber: changed.orderNumber, stopped: changed.stageMailsStoppedAt !== null };
  });
}
