import type { Locale } from "@workshop/domain/locale.ts";
import { formatOrderDate } from "@workshop/domain/order-date.ts";
import { quoteView } from "#server/custom-orders/quote-view.ts";
import { AppError } from "#server/errors.ts";
import type { Caller } from "#server/http/caller.ts";
import { countLinkMiss } from "#server/http/rate-limits.ts";
import { customerMakingOf } from "#server/making/customer-view.ts";
import { orderHistory } from "#server/orders/history.ts";
import { orderByToken } from "#server/orders/queries.ts";
import { awaitsCashPayment, shopOrderOf } from "#server/orders/shop-order.ts";
import { customerRefunds } from "#server/payments/customer-refunds.ts";
import { isPayable } from "#server/payments/payment-requests.ts";
import { isPaidOnline } from "#server/payments/xendit/channels.ts";
import { resumePayment } from "./steps.ts";

/**
 * The pages found by an unguessable token in their address (a customer's order, a custom hat's
 * quote). A token that finds nothing is counted against the caller's unknown links
 * (RATE_LIMIT_LINK_MISSES): past the limit the API refuses these reads before any lookup.
 */

/** The order's private page: the order in `locale`, its history and what may be paid now; null (counted) for an unknown token. */
export async function orderLinkPage(request: Caller, token: string, locale: Locale) {
  const order = await orderByToken(token);
  if (!order) {
    await countLinkMiss(request);
    return null;
  }
  const events = await orderHistory(order.id);
  const payable = isPayable(order) && isPaidOnline(order.paymentMethod);
  return {
    order: await shopOrderOf(order, locale),
    history: events.map((e) => ({ id: e.id, at: formatOrderDate(e.createdAt, locale), status: e.status, paymentStatus: e.paymentStatus })),
    payNow: !payable
      ? null
      : order.paymentStatus === "FAILED"
        ? ("again" as const)
        : order.paymentStatus === "DEPOSIT_PAID"
          ? ("balance" as const)
          : ("pending" as const),
    cashDue: awaitsCashPayment(order),
    refund: await customerRefunds(order, locale),
    returned: order.returnedAt !== null,
    making: await customerMakingOf(order, locale),
  };
}

/**
 * Pay now, from the order's page: this browser takes the order to the payment step (after a failed
 * or abandoned payment, on any device). Answers the checkout session id for the browser's cookie.
 */
export async function payOrderByLink(request: Caller, token: string): Promise<string> {
  const order = await orderByToken(token);
  if (!order) throw new AppError("not_found", "Order not found");
  if (!isPayable(order)) throw new AppError("conflict", "This order has nothing to pay now");
  return resumePayment(request, order);
}

/** The quote's private page; null (counted) for an unknown token. */
export async function quoteLinkPage(request: Caller, token: string) {
  const view = await quoteView(token);
  if (!view) await countLinkMiss(request);
  return view;
}
