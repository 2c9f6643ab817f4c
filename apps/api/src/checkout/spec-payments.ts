import type { Caller } from "#server/http/caller.ts";
import { paymentStatus } from "#server/payments/payment-status.ts";
import { createPaymentRequest, type PaymentRequestPayload } from "#server/payments/spec-payment-request.ts";
import { mayManagePayments } from "./payment-access.ts";

/** POST /api/xendit/payment-request for a caller allowed to pay the order (else 404). */
export function requestPayment(request: Caller, payload: PaymentRequestPayload) {
  return createPaymentRequest(payload, (orderId) => mayManagePayments(request, orderId));
}

/** GET /api/xendit/payment-status for a caller allowed to see the order's payments (else 404). */
export function checkPaymentStatus(request: Caller, ids: { paymentId?: string | null; orderId?: string | null }) {
  return paymentStatus(ids, (orderId) => mayManagePayments(request, orderId));
}
