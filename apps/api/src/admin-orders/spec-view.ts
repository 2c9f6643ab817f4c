import { getDb } from "#server/db/client.ts";
import { orderHistory } from "#server/orders/history.ts";
import { orderById } from "#server/orders/queries.ts";
import { toApiOrder } from "#server/orders/spec-view.ts";

/**
 * One order for staff (GET /api/orders/<id>): the order as the API shows orders, its payment
 * attempts (oldest first, with any flag), its refunds, its status history and the staff's notes.
 * Null for an unknown id or one that is not an order id at all.
 */
export async function staffOrderView(id: string) {
  const order = await orderById(id);
  if (!order) return null;
  const db = await getDb();
  const [attempts, refundRows, history, notes] = await Promise.all([
    db.selectFrom("paymentAttempts").selectAll().where("orderId", "=", order.id).orderBy("attempt").execute(),
    db.selectFrom("refunds").selectAll().where("orderId", "=", order.id).orderBy("createdAt").execute(),
    orderHistory(order.id),
    db.selectFrom("orderNotes").selectAll().where("orderId", "=", order.id).orderBy("createdAt").orderBy("id").execute(),
  ]);
  return {
    ...toApiOrder(order),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    updatedAt: order.updatedAt.toISOString(),
    paymentAttempts: attempts.map((a) => ({
      id: a.id,
      attempt: a.attempt,
      method: a.method,
      channelCode: a.channelCode,
      amount: a.amount,
      currency: a.currency,
      status: a.status,
      failureCode: a.failureCode,
      xenditRequestId: a.xenditRequestId,
      xenditPaymentId: a.xenditPaymentId,
      flag: a.flag,
      expiresAt: a.expiresAt?.toISOString() ?? null,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
    })),
    refunds: refundRows.map((r) => ({
      id: r.id,
      // The order's payment in the workshop has no attempt (decision 047).
      paymentAttemptId: r.paymentAttemptId ?? "in-store",
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      way: r.way,
      amountUsdCents: r.amountUsdCents,
    })),
    history: history.map((e) => ({
      status: e.status,
      paymentStatus: e.paymentStatus,
      reason: e.reason,
      createdAt: e.createdAt.toISOString(),
    })),
    notes: notes.map((n) => ({ id: n.id, author: n.author, text: n.text, createdAt: n.createdAt.toISOString() })),
  };
}
