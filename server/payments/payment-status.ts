import type { PaymentStatusResponse } from "../../lib/payment-record.ts";
import { attemptByXenditId, latestAttempt, paymentRecord, type PaymentAttempt } from "./attempts.ts";
import { refreshAttempt } from "./refresh.ts";

/** How old a pending payment's stored state may be before a status check asks Xendit again. */
export const STATUS_MAX_AGE_MS = 10_000;

/**
 * A payment attempt as it stands: the stored state, refreshed from Xendit when pending and older
 * than STATUS_MAX_AGE_MS. If Xendit cannot be reached the stored state is answered.
 */
export async function currentAttempt(ids: { paymentId?: string | null; orderId?: string | null }): Promise<PaymentAttempt | null> {
  const attempt = await findAttempt(ids);
  return attempt && refreshed(attempt);
}

/** By payment id (which must belong to the order id when both are given), else the order's newest. */
export async function findAttempt(ids: { paymentId?: string | null; orderId?: string | null }): Promise<PaymentAttempt | null> {
  const attempt = ids.paymentId ? await attemptByXenditId(ids.paymentId) : ids.orderId ? await latestAttempt(ids.orderId) : null;
  return attempt && (!ids.orderId || attempt.orderId === ids.orderId) ? attempt : null;
}

export async function refreshed(attempt: PaymentAttempt): Promise<PaymentAttempt> {
  try {
    return await refreshAttempt(attempt, STATUS_MAX_AGE_MS);
  } catch (error) {
    console.warn(`Status of ${attempt.xenditRequestId} not refreshed:`, error instanceof Error ? error.message : error);
    return attempt;
  }
}

/** GET /api/xendit/payment-status?paymentId= or ?orderId=: {success, payment, error, status}. */
export async function paymentStatus(ids: { paymentId?: string | null; orderId?: string | null }): Promise<{ httpStatus: number; body: PaymentStatusResponse }> {
  if (!ids.paymentId && !ids.orderId) return { httpStatus: 400, body: { success: false, payment: null, error: "paymentId or orderId is required", status: null } };
  const attempt = await currentAttempt(ids);
  if (!attempt) return { httpStatus: 404, body: { success: false, payment: null, error: "Payment not found", status: null } };
  const payment = paymentRecord(attempt);
  return { httpStatus: 200, body: { success: true, payment, error: null, status: payment.status } };
}
