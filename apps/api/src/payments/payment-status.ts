import type { PaymentStatusResponse } from "@workshop/domain/payment-record.ts";
import { attemptByXenditId, latestAttempt, type PaymentAttempt, paymentRecord } from "./attempts.ts";
import { refreshAttempt } from "./refresh.ts";

/** How old a pending payment's stored state may be before a status check asks Xendit again. */
const STATUS_MAX_AGE_MS = 10_000;

/** By payment id (which must belong to the order id when both are given), else the order's newest. */
export async function findAttempt(ids: { paymentId?: string | null; orderId?: string | null }): Promise<PaymentAttempt | null> {
  const attempt = ids.paymentId ? await attemptByXenditId(ids.paymentId) : ids.orderId ? await latestAttempt(ids.orderId) : null;
  return attempt && (!ids.orderId || attempt.orderId === ids.orderId) ? attempt : null;
}

/**
 * A payment attempt as it stands: the stored state, refreshed from Xendit when pending and older
 * than STATUS_MAX_AGE_MS. If Xendit cannot be reached the stored state is answered.
 */
export async function refreshed(attempt: PaymentAttempt): Promise<PaymentAttempt> {
  try {
    return await refreshAttempt(attempt, STATUS_MAX_AGE_MS);
  } catch (error) {
    console.warn(`Status of ${attempt.xenditRequestId} not refreshed:`, error instanceof Error ? error.message : error);
    return attempt;
  }
}

/**
 * GET /api/xendit/payment-status?paymentId= or ?orderId=: {success, payment, error, status}.
 * `mayRead` says whether the caller may see the order's payments (a status check asks Xendit and
 * may move the order on); for anyone else the payment does not exist.
 */
export async function paymentStatus(
  ids: { paymentId?: string | null; orderId?: string | null },
  mayRead: (orderId: string) => Promise<boolean>,
): Promise<{ httpStatus: number; body: PaymentStatusResponse }> {
  if (!ids.paymentId && !ids.orderId)
    return { httpStatus: 400, body: { success: false, payment: null, error: "paymentId or orderId is required", status: null } };
  const found = await findAttempt(ids);
  const attempt = found && (await mayRead(found.orderId)) ? await refreshed(found) : null;
  if (!attempt) return { httpStatus: 404, body: { success: false, payment: null, error: "Payment not found", status: null } };
  const payment = paymentRecord(attempt);
  return { httpStatus: 200, body: { success: true, payment, error: null, status: payment.status } };
}
