import type { Tx } from "#server/db/tx.ts";
import { AppError } from "#server/errors.ts";
import type { Order } from "#server/orders/types.ts";

/** Which part of an order a payment attempt pays (docs/decisions/026-custom-quotes.md). */
export type PaymentPart = "FULL" | "DEPOSIT" | "BALANCE";

/**
 * What an order asks for now, in whole rupiah at the order's own rate: a catalogue order its
 * total; a custom hat its deposit, then (once the deposit is paid) the balance — the rest of the
 * total, so deposit and balance always add up to the order's rupiah exactly.
 */
export function amountDue(order: Order): { part: PaymentPart; amount: number } {
  if (order.depositCents === null || order.depositIdr === null) return { part: "FULL", amount: order.totalIdr };
  if (order.paymentStatus === "DEPOSIT_PAID") return { part: "BALANCE", amount: order.totalIdr - order.depositIdr };
  return { part: "DEPOSIT", amount: order.depositIdr };
}

/**
 * A deposit is paid only while its quote stands: accepted, not withdrawn, not past its last day.
 * (A payment started in time that lands later is money moved, and is applied.)
 */
export async function assertQuoteStillPayable(tx: Tx, order: Order, now = new Date()): Promise<void> {
  if (order.quoteId === null) return;
  const row = await tx
    .selectFrom("customQuotes")
    .innerJoin("customOrders", "customOrders.id", "customQuotes.customOrderId")
    .select(["customQuotes.status as quoteStatus", "customQuotes.validUntil", "customOrders.status as requestStatus"])
    .where("customQuotes.id", "=", order.quoteId)
    .limit(1)
    .executeTakeFirst();
  if (row?.quoteStatus !== "ACCEPTED") throw new AppError("conflict", "This quote was withdrawn: the deposit can no longer be paid");
  if (row.requestStatus === "CANCELLED")
    throw new AppError("conflict", "This request was cancelled by the workshop: the deposit can no longer be paid");
  if (row.validUntil.getTime() < now.getTime())
    throw new AppError("conflict", "This quote has expired: the deposit can no longer be paid. Please ask us for a new quote.");
}
