import { z } from "zod";
import { shippingAddressAnswer } from "../shop-api/orders.ts";

/**
 * Orders in the older JSON API (SPEC sections 3 and 7: `/api/orders…`): money in US dollars (the
 * rupiah total in whole rupiah), dates as ISO 8601 text.
 */

const iso = z.string();

/** A date the API holds as a Date and answers as ISO 8601 text. */
const isoDate = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** POST /api/orders (201): the order just placed. */
export const placedOrderAnswer = z.object({ id: z.string(), orderNumber: z.string() });

/** An order (SPEC 3, Order): as GET /api/orders lists it and PATCH /api/orders/update-payment-status answers it. */
export const apiOrder = z.object({
  id: z.string(),
  orderNumber: z.string(),
  /** When it was placed. */
  orderDate: iso,
  status: z.string(),
  /** US dollars. */
  total: z.number(),
  /** The total in whole rupiah at the order's own rate (1 USD in rupiah, as text to keep every digit). */
  totalIdr: z.number().int(),
  usdToIdrRate: z.string(),
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  /** The catalogue hat ordered; null for a custom hat. */
  productId: z.number().int().nullable(),
  productName: z.string(),
  productImage: z.string().nullable(),
  size: z.number().nullable(),
  color: z.string(),
  /** The hat's price in US dollars. */
  price: z.number(),
  shippingAddress: shippingAddressAnswer,
  /** The delivery option chosen (DHL, LION_PARCEL, PICKUP) and its cost in US dollars. */
  shipping: z.object({ option: z.object({ service: z.string() }), cost: z.number() }),
  deliveryCost: z.number(),
});

/** SPEC 3's Pagination object: the page (from 1), its size, and how many there are in all. */
export const apiPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

/** GET /api/orders?page&limit (staff): newest first, one page. */
export const apiOrderList = z.object({ orders: z.array(apiOrder), pagination: apiPagination });

/** GET /api/orders/:id (staff): the order with its payment attempts (oldest first), refunds, status history and notes. */
export const apiOrderDetail = apiOrder.extend({
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  updatedAt: iso,
  paymentAttempts: z.array(
    z.object({
      id: z.string(),
      attempt: z.number().int(),
      method: z.string(),
      channelCode: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      failureCode: z.string().nullable(),
      xenditRequestId: z.string().nullable(),
      xenditPaymentId: z.string().nullable(),
      flag: z.string().nullable(),
      expiresAt: iso.nullable(),
      createdAt: iso,
      updatedAt: iso,
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      paymentAttemptId: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      reason: z.string(),
      createdAt: iso,
    }),
  ),
  history: z.array(z.object({ status: z.string(), paymentStatus: z.string(), reason: z.string(), createdAt: iso })),
  notes: z.array(z.object({ id: z.number().int(), author: z.string(), text: z.string(), createdAt: iso })),
});

/** A refund of a payment (status CREATING until Xendit answers, then PENDING, SUCCEEDED or FAILED). */
export const apiRefund = z.object({
  id: z.string(),
  orderId: z.string(),
  paymentAttemptId: z.string(),
  /** The payment's number within the order and its method (BCA, DANA, CARD, …). */
  attempt: z.number().int(),
  method: z.string(),
  xenditRefundId: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  reason: z.string(),
  failureCode: z.string().nullable(),
  /** The staff member who asked for it; null for the API token. */
  staffId: z.number().int().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** GET /api/orders/:id/refunds (owners): the order's refunds, newest first, and each payment with whether it may be refunded. */
export const apiOrderRefunds = z.object({
  refunds: z.array(apiRefund),
  payments: z.array(
    z.object({
      paymentAttemptId: z.string(),
      attempt: z.number().int(),
      method: z.string(),
      channelCode: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      flag: z.string().nullable(),
      /** Why its money should go back: paid-twice, paid-after-cancel, order-cancelled, wrong-amount, flagged. */
      cause: z.string().nullable(),
      refundable: z.boolean(),
      /** Why it may not be refunded now: not-paid, not-needed, channel-not-supported, in-progress, refunded. */
      blockedBy: z.string().nullable(),
      /** Its newest refund, if any. */
      refund: apiRefund.nullable(),
    }),
  ),
});
