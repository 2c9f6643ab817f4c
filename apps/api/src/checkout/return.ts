import type { ReturnRequest } from "@workshop/domain/shop-api/payments.ts";
import { getDb } from "#server/db/client.ts";
import type { Caller } from "#server/http/caller.ts";
import { orderById } from "#server/orders/queries.ts";
import { type PaymentAttempt, providerStatus } from "#server/payments/attempts.ts";
import { refreshAttempt } from "#server/payments/refresh.ts";
import { isSignedReturn } from "#server/payments/return-url.ts";
import { isSessionId } from "#server/payments/xendit/channels.ts";
import { xendit } from "#server/payments/xendit/connection.ts";
import { readCheckout } from "./session.ts";
import { placedOrder, rememberPlacedOrder } from "./steps.ts";

/** Where the return sends the customer, and the checkout session this browser now has (for its cookie). */
export type ReturnDestination = { location: string; sessionId: string | null };

/**
 * The page after a provider's page (its return address's order_id, attempt, sig and failed=1):
 * success once Xendit says so, the failed page for a failure, expiry or cancellation, and the
 * success page ('Processing') while the payment is still open.
 * The return URL proves nothing about the payment: Xendit is asked. Its signature proves the
 * order, so a return in another browser (no checkout cookie) takes the order into that browser.
 */
export async function returnDestination(request: Caller, returned: ReturnRequest): Promise<ReturnDestination> {
  const orderId = returned.orderId?.toLowerCase() ?? null;
  const attemptNumber = returned.attempt;
  const back = { location: "/checkout/payment", sessionId: null };
  if (!orderId || !attemptNumber || !/^\d{1,4}$/.test(attemptNumber)) return back;
  const signed = isSignedReturn(orderId, Number(attemptNumber), returned.sig);
  const order = signed ? await orderById(orderId) : await placedOrder(request, orderId, orderById);
  if (!order) return back;
  const db = await getDb();
  const found = await db
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("orderId", "=", order.id)
    .where("attempt", "=", Number(attemptNumber))
    .limit(1)
    .executeTakeFirst();
  if (!found?.xenditRequestId) return back;
  let attempt: PaymentAttempt = found;
  try {
    attempt = await refreshAttempt(found, 0);
    // Back by the hosted checkout's cancel link: the customer stopped, so the session is closed
    // (it could otherwise still be paid in another tab) and the failed page offers the way on.
    if (returned.failed && attempt.status === "PENDING" && isSessionId(attempt.xenditRequestId)) {
      await xendit().cancelSession(attempt.xenditRequestId!);
      attempt = await refreshAttempt(attempt, 0);
    }
  } catch (error) {
    console.warn(`Return from ${found.xenditRequestId}: status not refreshed`, error instanceof Error ? error.message : error);
  }
  const ids = `order_id=${order.id}&payment_id=${encodeURIComponent(found.xenditRequestId)}`;
  const status = providerStatus(attempt);
  const location = status === "PENDING" || status === "SUCCEEDED" ? `/checkout/success?${ids}` : `/checkout/failed?${ids}`;
  const known = (await readCheckout(request))?.placedOrderIds?.includes(order.id);
  return { location, sessionId: known ? null : await rememberPlacedOrder(request, order.id) };
}
