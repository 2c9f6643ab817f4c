import { sql } from "kysely";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { deliverQueuedMail, enqueueMail } from "#server/mail/index.ts";
import { orderInLanguage } from "#server/orders/in-language.ts";
import type { Order } from "#server/orders/types.ts";
import { isOrderId } from "./order-detail.ts";
import { balanceRefusal } from "./order-rules.ts";

/**
 * Staff tell the customer that the custom hat is ready and send the balance payment link (the
 * order's private page, whose Pay now then takes the balance; docs/decisions/026-custom-quotes.md).
 * One transaction on the locked order: the balance becomes payable, the history line, the audit row
 * and the mail land together. Sending again mails again (a reminder), never twice for one click:
 * the dedupe key is the form's nonce.
 */
export async function sendBalanceLink(orderId: string, nonce: string, actor: Actor): Promise<{ order: Order; sent: boolean }> {
  if (!isOrderId(orderId)) throw new AppError("not_found", "Order not found");
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce ?? "")) throw new AppError("invalid", "The form is incomplete: reload the page");
  const db = await getDb();
  const mails: number[] = [];
  const result = await db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().limit(1).executeTakeFirst();
    if (!current) throw new AppError("not_found", "Order not found");
    const refusal = balanceRefusal(current);
    if (refusal) throw new AppError("conflict", refusal.message, { code: refusal.code });
    const order = await tx
      .updateTable("orders")
      .set({ balanceRequestedAt: sql`coalesce("orders"."balance_requested_at", now())`, updatedAt: sql`now()` })
      .where("id", "=", orderId)
      .returningAll()
      .executeTakeFirst();
    const sent = await enqueueMail(
      {
        template: "balance-requested",
        vars: { order: await orderInLanguage(order!, order!.locale, tx) },
        dedupeKey: `balance-requested:${order!.id}:${nonce}`,
        locale: order!.locale,
        to: order!.shippingAddress.email,
        orderId: order!.id,
      },
      { tx, later: mails },
    );
    if (sent) {
      await tx
        .insertInto("orderEvents")
        .values({
          orderId: order!.id,
          status: order!.status,
          paymentStatus: order!.paymentStatus,
          reason: `balance payment link sent by ${actor.label}`,
        })
        .execute();
      await recordAudit(
        {
          actor,
          action: "order-balance-link",
          recordType: "order",
          recordId: order!.id,
          after: { to: order!.shippingAddress.email, balanceIdr: order!.totalIdr - (order!.depositIdr ?? 0) },
        },
        tx,
      );
    }
    return { order: order!, sent };
  });
  void deliverQueuedMail(mails);
  return result;
}
