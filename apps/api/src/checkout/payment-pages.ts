import { secondsUntil } from "@workshop/domain/countdown.ts";
import { type PaymentMethod, paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import type { PaymentRecord } from "@workshop/domain/payment-record.ts";
import { paymentsSandbox } from "#server/config.ts";
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

type PaymentIds = { orderId?: string | null; paymentId?: string | null };

/**
 * The payment the QR page or the instructions page shows for ?orderId=&paymentId=, or where the
 * customer goes instead: the payment step when the payment is not this browser's, the success
 * page once it is paid, the other page for the other kind of method.
 */
async function paymentPage(request: Request, ids: PaymentIds, page: "qr" | "instructions"): Promise<CheckoutPayment | { next: string }> {
  const payment = await checkoutPayment(request, ids);
  if (!payment) return { next: "/checkout/payment" };
  const query = new URLSearchParams({ order_id: payment.orderId, payment_id: payment.paymentId });
  if (payment.record.status === "SUCCEEDED") return { next: `/checkout/success?${query}` };
  const isQr = payment.method.type === "QR_CODE";
  if (page === "qr" && !isQr) return { next: `/checkout/payment-instructions?${query}` };
  if (page === "instructions" && isQr) return { next: `/checkout/qr?${query}` };
  return payment;
}

/** What the two pages show of a payment (the QR payload and the order's secret stay in the API). */
const shown = ({ orderId, orderNumber, paymentId, record }: CheckoutPayment) => ({
  orderId,
  orderNumber,
  paymentId,
  record,
  sandbox: paymentsSandbox(),
});

/** The QR page (/checkout/qr): a QRIS payment of this browser's order, or where to go instead. */
export async function qrPage(request: Request, ids: PaymentIds) {
  const payment = await paymentPage(request, ids, "qr");
  if ("next" in payment) return payment;
  return { ...shown(payment), hasQrCode: payment.qrString !== null, deepLink: payment.deepLink };
}

/** The instructions page (/checkout/payment-instructions): a payment without a QR code, or where to go instead. */
export async function instructionsPage(request: Request, ids: PaymentIds) {
  const payment = await paymentPage(request, ids, "instructions");
  if ("next" in payment) return payment;
  const { code, type, logo } = payment.method;
  return {
    ...shown(payment),
    method: { code, type, logo },
    secondsLeft: secondsUntil(payment.record.payment_method.channel_properties.expires_at, Date.now()),
  };
}

/** The failed page (/checkout/failed): the payment and its order's number; null for none of this browser's. */
export async function failedPayment(request: Request, ids: PaymentIds) {
  if (!ids.orderId && !ids.paymentId) return null;
  const payment = await checkoutPayment(request, ids);
  return payment && { record: payment.record, orderNumber: payment.orderNumber };
}

/** The QRIS payload of this browser's payment, to draw; null for another payment or one without a code. */
export async function qrCodeOf(request: Request, paymentId: string) {
  const payment = await checkoutPayment(request, { paymentId });
  if (!payment?.qrString || payment.paymentId !== paymentId) return null;
  return { orderNumber: payment.orderNumber, qrString: payment.qrString };
}
