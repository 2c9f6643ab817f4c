import { and, eq } from "drizzle-orm";
import { placedOrder } from "../checkout/steps.ts";
import { getDb } from "../db/client.ts";
import { paymentAttempts } from "../db/schema.ts";
import { orderById } from "../orders/queries.ts";
import { providerStatus, type PaymentAttempt } from "./attempts.ts";
import { refreshAttempt } from "./refresh.ts";

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
  } catch (error) {
    console.warn(`Return from ${found.xenditRequestId}: status not refreshed`, error instanceof Error ? error.message : error);
  }
  const query = `order_id=${order.id}&payment_id=${encodeURIComponent(found.xenditRequestId)}`;
  const status = providerStatus(attempt);
  return status === "PENDING" || status === "SUCCEEDED" ? `/checkout/success?${query}` : `/checkout/failed?${query}`;
}
