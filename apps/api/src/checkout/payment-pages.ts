import { secondsUntil } from "@workshop/domain/countdown.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { type PaymentMethod, paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import type { PaymentRecord, ProviderStatus } from "@workshop/domain/payment-record.ts";
import type { SuccessOutcome } from "@workshop/domain/shop-api/order-pages.ts";
import { paymentsSandbox } from "#server/config.ts";
import type { Caller } from "#server/http/caller.ts";
import { orderById } from "#server/orders/queries.ts";
import { awaitsCashPayment, shopOrderOf } from "#server/orders/shop-order.ts";
import type { Order } from "#server/orders/types.ts";
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
  request: Caller,
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
  };
}

type PaymentIds = { orderId?: string | null; paymentId?: string | null };

/**
 * The payment the QR page or the instructions page shows for ?orderId=&paymentId=, or where the
 * customer goes instead: the payment step when the payment is not this browser's, the success
 * page once it is paid, the other page for the other kind of method.
 */
async function paymentPage(request: Caller, ids: PaymentIds, page: "qr" | "instructions"): Promise<CheckoutPayment | { next: string }> {
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
export async function qrPage(request: Caller, ids: PaymentIds) {
  const payment = await paymentPage(request, ids, "qr");
  if ("next" in payment) return payment;
  return { ...shown(payment), hasQrCode: payment.qrString !== null, deepLink: payment.deepLink };
}

/** The instructions page (/checkout/payment-instructions): a payment without a QR code, or where to go instead. */
export async function instructionsPage(request: Caller, ids: PaymentIds) {
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
export async function failedPayment(request: Caller, ids: PaymentIds) {
  if (!ids.orderId && !ids.paymentId) return null;
  const payment = await checkoutPayment(request, ids);
  return payment && { record: payment.record, orderNumber: payment.orderNumber };
}

/** The QRIS payload of this browser's payment, to draw; null for another payment or one without a code. */
export async function qrCodeOf(request: Caller, paymentId: string) {
  const payment = await checkoutPayment(request, { paymentId });
  if (!payment?.qrString || payment.paymentId !== paymentId) return null;
  return { orderNumber: payment.orderNumber, qrString: payment.qrString };
}

const unpaidEnds = new Set<ProviderStatus>(["FAILED", "EXPIRED", "CANCELLED"]);

/**
 * SPEC 2.7: a test payment first, then paid (the order, or the provider's answer for this payment),
 * then a cash order awaiting its payment in the workshop (as its order page says), otherwise still processing.
 */
function outcomeOf(order: Order, paymentStatus: ProviderStatus | null): SuccessOutcome {
  if (order.paymentMethod === "TEST_CARD" || order.status === "test_payment") return "test";
  if (order.paymentStatus === "SUCCEEDED" || paymentStatus === "SUCCEEDED") return "paid";
  if (awaitsCashPayment(order)) return "cash";
  return "processing";
}

/**
 * The success page (/checkout/success): the order just placed from this browser and, with a
 * payment id, that payment (asked first, so the order read after it is up to date). A payment that
 * cannot be read right now is said so, never an error after paying; one that failed while the order
 * is unpaid sends the customer to the failed page. Null for an order that is not this browser's.
 */
export async function successPage(request: Caller, ids: PaymentIds, locale: Locale) {
  let payment: { id: string; methodCode: string; status: ProviderStatus } | null = null;
  let paymentUnavailable = false;
  if (ids.orderId && ids.paymentId) {
    try {
      const found = await checkoutPayment(request, ids);
      if (found && found.orderId === ids.orderId)
        payment = { id: found.paymentId, methodCode: found.method.code, status: found.record.status };
    } catch (error) {
      console.error("checkout/success: the payment could not be loaded", error);
      paymentUnavailable = true;
    }
  }
  const order = await placedOrder(request, ids.orderId ?? null, orderById);
  if (!order) return null;
  if (payment && order.paymentStatus !== "SUCCEEDED" && unpaidEnds.has(payment.status))
    return { next: `/checkout/failed?${new URLSearchParams({ order_id: order.id, payment_id: payment.id })}` };
  return {
    order: await shopOrderOf(order, locale),
    outcome: outcomeOf(order, payment?.status ?? null),
    payment,
    paymentUnavailable,
    cashDue: awaitsCashPayment(order),
  };
}

/** The complete page (/checkout/complete): a finished order placed from this browser; null for anyone else's. */
export async function completePage(request: Caller, orderId: string | null, locale: Locale) {
  const order = await placedOrder(request, orderId, orderById);
  return order && { order: await shopOrderOf(order, locale), cashDue: awaitsCashPayment(order) };
}
