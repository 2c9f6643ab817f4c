import { type PaymentMethod, paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import type { PaymentRecord } from "@workshop/domain/payment-record.ts";
import { orderById } from "#server/orders/queries.ts";
import { paymentRecord } from "#server/payments/attempts.ts";
import { findAttempt, refreshed } from "#server/payments/payment-status.ts";
import { placedOrder } from "./steps.ts";

/** A payment attempt of an order placed from this browser, as the checkout's payment pages show it. */
export type CheckoutPayment = {
  orderId: string;
  orderNumber: string;
  /** Xendit's payment request id (pr-…). */
  paymentId: string;
  method: PaymentMethod;
  record: PaymentRecord;
  /** The QR payload of a QRIS payment, else null. */
  qrString: string | null;
  /** A link that opens the payment in the customer's app, when Xendit gives one, else null. */
  deepLink: string | null;
  /** Secret of the customer's order page /orders/<token>. */
  accessToken: string;
};

/** A provider's link to open in the customer's app: https or an app's own scheme, never script. */
export function appLink(url: string | null): string | null {
  return url && /^[a-z][a-z0-9+.-]*:/i.test(url) && !/^(javascript|data|vbscript|file|http):/i.test(url) ? url : null;
}

/**
 * The payment attempt (by payment id, else the order's latest) of an order this browser placed,
 * refreshed from Xendit when its stored state is pending and stale; null for anything else.
 */
export async function checkoutPayment(
  request: Request,
  ids: { orderId?: string | null; paymentId?: string | null },
): Promise<CheckoutPayment | null> {
  const found = await findAttempt(ids);
  if (!found?.xenditRequestId) return null;
  const order = await placedOrder(request, found.orderId, orderById);
  const method = paymentMethodByCode(found.method);
  if (!order || !method) return null;
  const attempt = await refreshed(found);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    paymentId: found.xenditRequestId,
    method,
    record: paymentRecord(attempt),
    qrString: attempt.qrString,
    deepLink: appLink(attempt.redirectUrl),
    accessToken: order.accessToken,
  };
}

/**
 * What the QR page or the instructions page shows for ?order_id=…&payment_id=…, or where the
 * customer goes instead: the payment step when the payment is not this browser's, the success
 * page once it is paid, the other page for the other kind of method.
 */
export async function paymentPage(request: Request, page: "qr" | "instructions"): Promise<CheckoutPayment | { redirect: string }> {
  const query = new URL(request.url).searchParams;
  const payment = await checkoutPayment(request, { orderId: query.get("order_id"), paymentId: query.get("payment_id") });
  if (!payment) return { redirect: "/checkout/payment" };
  const ids = new URLSearchParams({ order_id: payment.orderId, payment_id: payment.paymentId });
  if (payment.record.status === "SUCCEEDED") return { redirect: `/checkout/success?${ids}` };
  const isQr = payment.method.type === "QR_CODE";
  if (page === "qr" && !isQr) return { redirect: `/checkout/payment-instructions?${ids}` };
  if (page === "instructions" && isQr) return { redirect: `/checkout/qr?${ids}` };
  return payment;
}
