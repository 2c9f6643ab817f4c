import type { Locale } from "@workshop/domain/locale.ts";
import { formatOrderDate } from "@workshop/domain/order-date.ts";
import { isRefundWay, refundDay, refundStateOf } from "@workshop/domain/refunds.ts";
import { getDb } from "#server/db/client.ts";
import type { Order } from "#server/orders/types.ts";
import { ledgerOf } from "./refund-ledger.ts";

/**
 * An order's refunds as its customer sees them on the order's page (decision 047): the money
 * that went back or is on its way, never a refund that failed (the workshop deals with that, and
 * the customer's money has not moved), and the order's state from those alone.
 */
export async function customerRefunds(order: Order, locale: Locale) {
  const ledger = await ledgerOf(await getDb(), order);
  const shown = ledger.refunds.filter((r) => r.status !== "FAILED");
  const state = refundStateOf({
    collectedCents: ledger.collected.usdCents,
    refundedCents: ledger.refunded.usdCents,
    dueCents: ledger.dueCents,
    open: shown.some((r) => r.status !== "SUCCEEDED"),
    failureStands: false,
  });
  const methodOf = (id: string | null) => ledger.payments.find((p) => p.attempt?.id === id)?.method ?? order.paymentMethod;
  return {
    state: state === "REFUND_FAILED" ? null : state,
    refundedCents: ledger.refunded.usdCents,
    refundedIdr: ledger.refunded.amount,
    // Oldest first, as the order's history.
    refunds: [...shown].reverse().map((r) => ({
      id: r.id,
      usdCents: r.amountUsdCents,
      amount: r.amount,
      currency: r.currency,
      way: isRefundWay(r.way) ? r.way : "XENDIT",
      method: methodOf(r.paymentAttemptId),
      done: r.status === "SUCCEEDED",
      at: formatOrderDate(r.refundedAt ?? r.createdAt, locale),
      arrivesBy: r.arrivesBy ? refundDay(r.arrivesBy, locale) : null,
    })),
  };
}
