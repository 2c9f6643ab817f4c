import { sql } from "kysely";
import { moveRequestForQuote } from "#server/custom-orders/request-status.ts";
import { getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { AppError } from "#server/errors.ts";
import { startMakingOnPayment } from "#server/making/start.ts";
import { announceCancellation, paymentStatusChanged } from "./notifications.ts";
import { assertOrderMove, assertPaymentMove, isOrderStatus, isPaymentStatus, type PaymentStatus } from "./status.ts";
import type { Order } from "./types.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function orderById(id: string): Promise<Order | null> {
  if (!uuidPattern.test(id)) return null;
  const db = await getDb();
  const row = await db.selectFrom("orders").selectAll().where("id", "=", id).limit(1).executeTakeFirst();
  return row ?? null;
}

/** The order behind a customer's private link; null for anything else. */
export async function orderByToken(token: string): Promise<Order | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const db = await getDb();
  const row = await db.selectFrom("orders").selectAll().where("accessToken", "=", token).limit(1).executeTakeFirst();
  return row ?? null;
}

/**
 * Changes the payment status of an order, moving the order along with it: a success takes a
 * placed order to PROCESSING; the customer's e-mail is queued in the same transaction. Refuses moves the status machine does not allow. Returns the order
 * as it is afterwards, and whether anything changed (a repeat of the same change is no change).
 */
export async function setPaymentStatus(orderId: string, next: PaymentStatus, reason: string): Promise<{ order: Order; changed: boolean }> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom("orders").selectAll().where("id", "=", orderId).limit(1).forUpdate().executeTakeFirst();
    if (!current) throw new AppError("not_found", "Order not found");
    return changePaymentStatus(tx, current, next, reason);
  });
}

/**
 * The move itself, inside the caller's transaction on an order row it has locked: the order, its
 * history and the customer's mail change together.
 */
export async function changePaymentStatus(
  tx: Tx,
  current: Order,
  next: PaymentStatus,
  reason: string,
  detail: { expired?: boolean } = {},
): Promise<{ order: Order; changed: boolean }> {
  if (!isPaymentStatus(current.paymentStatus) || !isOrderStatus(current.status))
    throw new Error(`Order ${current.id} has unknown statuses`);
  if (current.paymentStatus === next) return { order: current, changed: false };
  assertPaymentMove(current.paymentStatus, next);
  // Only a custom hat is paid in two parts; a catalogue order is paid whole or not at all.
  if (next === "DEPOSIT_PAID" && current.depositCents === null) throw new AppError("conflict", "This order has no deposit");
  let status = current.status;
  if ((next === "SUCCEEDED" || next === "DEPOSIT_PAID") && (status === "PENDING" || status === "NEW")) {
    assertOrderMove(status, "PROCESSING");
    status = "PROCESSING";
  }
  const order = await tx
    .updateTable("orders")
    .set({ paymentStatus: next, status, updatedAt: sql`now()` })
    .where("id", "=", current.id)
    .returningAll()
    .executeTakeFirst();
  await tx.insertInto("orderEvents").values({ orderId: current.id, status, paymentStatus: next, reason }).execute();
  // The deposit starts the work: the request it came from is in progress.
  if (next === "DEPOSIT_PAID" && current.customOrderId !== null) await moveRequestForQuote(tx, current.customOrderId, "IN_PROGRESS");
  // Paid: a hat made for the order goes into its first making stage (decision 054).
  await startMakingOnPayment(tx, order!);
  await paymentStatusChanged(order!, tx, detail);
  return { order: order!, changed: true };
}

/**
 * Cancels cash-in-store orders still awaiting prepayment that were placed at or before `placedBy`.
 * One UPDATE: when two instances run it at once, each order is cancelled by exactly one of them,
 * and its customer gets one cancellation mail.
 */
export async function cancelUnpaidCashOrders(placedBy: Date): Promise<Order[]> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const cancelled = await tx
      .updateTable("orders")
      .set({ status: "CANCELLED", paymentStatus: "FAILED", updatedAt: sql`now()` })
      .where("paymentMethod", "=", "CASH_IN_STORE")
      .where("paymentStatus", "=", "AWAITING_PREPAYMENT")
      .where("status", "=", "PENDING")
      .where("createdAt", "<=", placedBy)
      .returningAll()
      .execute();
    if (cancelled.length > 0) {
      await tx
        .insertInto("orderEvents")
        .values(
          cancelled.map((o) => ({
            orderId: o.id,
            status: "CANCELLED",
            paymentStatus: "FAILED",
            reason: "prepayment not received within 7 days",
          })),
        )
        .execute();
    }
    for (const order of cancelled) await announceCancellation(order, "not-paid", tx);
    return cancelled;
  });
}
