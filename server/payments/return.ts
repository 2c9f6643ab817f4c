import { and, eq } from "drizzle-orm";
import { placedOrder } from "../checkout/steps.ts";
import { getDb } from "../db/client.ts";
import { paymentAttempts } from "../db/schema.ts";
import { orderById } from "../orders/queries.ts";
import { providerStatus, type PaymentAttempt } from "./attempts.ts";
import { refreshAttempt } from "./refresh.ts";
import { isSessionId } from "./xendit/channels.ts";
import { xendit } from "./xendit/connection.ts";

/**
 * The page after a provider's page: success once Xendit says so, the failed page for a failure,
 * expiry or cancellation, and the success page ('Processing') while the payment is still open.
 * The return URL itself proves nothing: Xendit is asked.
 */
export async function returnDestination(request: Request, orderId: string | null, attemptNumber: string | null): Promise<string> {
  const order = await placedOrder(request, orderId, orderById);
  if (!order || !attemptNumber || !/^\d{1,4}$/.test(attemptNumber)) return "/checkout/payment";
  const db = await getDb();
  const [found] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.attempt, Number(attemptNumber))))
    .limit(1);
  if (!found?.xenditRequestId) return "/checkout/payment";
  let attempt: PaymentAttempt = found;
  try {
    attempt = await refreshAttempt(found, 0);
    // Back by the hosted checkout's cancel link: the customer stopped, so the session is closed
    // (it could otherwise still be paid in another tab) and the failed page offers the way on.
    const cancelled = new URL(request.url).searchParams.get("failed") === "1";
    if (cancelled && attempt.status === "PENDING" && isSessionId(attempt.xenditRequestId)) {
      await xendit().cancelSession(attempt.xenditRequestId!);
      attempt = await refreshAttempt(attempt, 0);
    }
  } catch (error) {
    console.warn(`Return from ${found.xenditRequestId}: status not refreshed`, error instanceof Error ? error.message : error);
  }
  const query = `order_id=${order.id}&payment_id=${encodeURIComponent(found.xenditRequestId)}`;
  const status = providerStatus(attempt);
  return status === "PENDING" || status === "SUCCEEDED" ? `/checkout/success?${query}` : `/checkout/failed?${query}`;
}
