import { paymentMethodByCode, type PaymentMethod } from "../../lib/payment-methods.ts";
import type { PaymentRecord } from "../../lib/payment-record.ts";
import { placedOrder } from "../checkout/steps.ts";
import { orderById } from "../orders/queries.ts";
import { paymentRecord } from "./attempts.ts";
import { findAttempt, refreshed } from "./payment-status.ts";

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
  /** Secret of the customer's order page /orders/<token>. */
  accessToken: string;
};

/**
 * The payment attempt (by payment id, else the order's latest) of an order this browser placed,
 * refreshed from Xendit when its stored state is pending and stale; null for anything else.
 */
export async function checkoutPayment(request: Request, ids: { orderId?: string | null; paymentId?: string | null }): Promise<CheckoutPayment | null> {
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
    accessToken: order.accessToken,
  };
}
