import { z } from "zod";
import { orderMoneyAnswer, orderReturnsAnswer } from "../refund-answers.ts";
import { refundStates, refundWays, returnKinds } from "../refunds.ts";
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
  /**
   * Beyond SPEC 3 (decision 047): the money after refunds beside paymentStatus, which keeps its
   * values (PARTLY_REFUNDED, REFUNDED, REFUND_PENDING, REFUND_FAILED or null); what went back in US
   * dollars and whole rupiah; when the hat was recorded as returned (the status stays as it was).
   */
  refundState: z.enum(refundStates).nullable(),
  refunded: z.number(),
  refundedIdr: z.number().int(),
  returnedAt: iso.nullable(),
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
      /** The payment attempt refunded, or "in-store" for the order's payment in the workshop. */
      paymentAttemptId: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      reason: z.string(),
      createdAt: iso,
      /** XENDIT, or BANK_TRANSFER / CASH made by hand; the amount in US cents. */
      way: z.enum(refundWays),
      amountUsdCents: z.number().int(),
    }),
  ),
  history: z.array(z.object({ status: z.string(), paymentStatus: z.string(), reason: z.string(), createdAt: iso })),
  notes: z.array(z.object({ id: z.number().int(), author: z.string(), text: z.string(), createdAt: iso })),
});

/**
 * A refund of a payment (status CREATING until Xendit answers, then PENDING, SUCCEEDED or FAILED;
 * one made by hand is SUCCEEDED when recorded).
 */
export const apiRefund = z.object({
  id: z.string(),
  orderId: z.string(),
  /** The payment attempt refunded, or "in-store" for the order's payment in the workshop. */
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
  /** XENDIT, or BANK_TRANSFER / CASH made by hand. */
  way: z.enum(refundWays),
  /** The amount in US cents at the order's prices (`amount` is in the payment's currency). */
  amountUsdCents: z.number().int(),
  /** By hand: the transfer's reference or the receipt's number, and the day (YYYY-MM-DD) a transfer arrives. */
  reference: z.string().nullable(),
  arrivesBy: z.string().nullable(),
  note: z.string(),
  /** When the money went out (Xendit's success, or the record of a refund by hand). */
  refundedAt: isoDate.nullable(),
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
      /**
       * Why Xendit may not refund it now: not-paid, channel-not-supported, in-progress, full-only,
       * refunded, or send-again (its Xendit refund lost its answer: `unanswered`).
       */
      blockedBy: z.string().nullable(),
      /** Its newest refund, if any. */
      refund: apiRefund.nullable(),
      /**
       * Its Xendit refund whose answer was lost (still being created 30 s after it was sent): POST the
       * refund again without an amount (or with this one) to send it again as it was; the shop also
       * does, within minutes.
       */
      unanswered: z
        .object({
          refundId: z.string(),
          amount: z.number(),
          currency: z.string(),
          amountUsdCents: z.number().int(),
          reason: z.string(),
          createdAt: isoDate,
        })
        .nullable(),
      /** FULL, or a custom hat's DEPOSIT or BALANCE. */
      part: z.string(),
      /** Whether a refund made by hand may be recorded for it (way BANK_TRANSFER or CASH). */
      byHand: z.boolean(),
      /** Whether Xendit refunds its channel: none, full (only in full), partial. */
      xendit: z.enum(["none", "full", "partial"]),
      /** What it took in US cents; what went back (done); what is left to refund (refunds failed give theirs back). */
      paidUsdCents: z.number().int(),
      refundedAmount: z.number(),
      refundedUsdCents: z.number().int(),
      leftAmount: z.number(),
      leftUsdCents: z.number().int(),
    }),
  ),
  money: orderMoneyAnswer,
  returns: orderReturnsAnswer(isoDate),
});

/**
 * POST /api/orders/:id/refunds: all or part of a payment back to the customer. Without
 * amountUsdCents, all that is left of it; way XENDIT (the default) through Xendit, BANK_TRANSFER or
 * CASH made by hand and recorded (with its reference; a transfer with the day it arrives).
 */
export const apiRefundRequest = z.object({
  /** The payment attempt, or "in-store" for the order's payment in the workshop. */
  paymentAttemptId: z.string(),
  reason: z.enum(["DUPLICATE", "FRAUDULENT", "REQUESTED_BY_CUSTOMER", "CANCELLATION", "OTHERS"]),
  amountUsdCents: z.number().int().min(1).optional(),
  way: z.enum(refundWays).optional(),
  reference: z.string().max(100).optional(),
  arrivesBy: z.string().optional(),
  note: z.string().max(500).optional(),
});

/** POST /api/orders/:id/return: the hat came back, unworn (RETURN) or with a defect (DEFECT); why, when a defect or late. */
export const apiReturnRequest = z.object({ kind: z.enum(returnKinds), note: z.string().max(500).optional() });
