import { z } from "zod";
import { deliveryCarriers } from "../carriers.ts";
import { orderStatuses } from "../order-status.ts";
import { orderMoneyAnswer, orderReturnsAnswer } from "../refund-answers.ts";
import { refundStates, refundWays } from "../refunds.ts";
import { orderMakingAnswer } from "./making.ts";
import { recordChange } from "./record-changes.ts";

/**
 * One order in the staff console (`/api/admin/orders/:id…`): everything its page shows, and what
 * staff may do with it. Refunds keep the payments' own endpoints (`/api/orders/:id/refunds`, owners).
 */

const iso = z.string();

const shippingAddress = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().optional().nullable(),
  city: z.string(),
  state: z.string().optional().nullable(),
  postalCode: z.string().optional().nullable(),
  country: z.string(),
});

/** One e-mail about an order, as the order page lists it. */
const orderMailRow = z.object({
  id: z.number().int(),
  /** The mail template (order-received, balance-requested, staff-message, …). */
  template: z.string(),
  subject: z.string(),
  to: z.string(),
  /** pending, sending, sent, kept, failed. */
  status: z.string(),
  lastError: z.string().nullable(),
  createdAt: iso,
  sentAt: iso.nullable(),
});

/** GET /api/admin/orders/:id/mails/:mailId: one e-mail with its text (the HTML stays in the outbox). */
export const orderMailAnswer = orderMailRow.extend({
  orderId: z.string(),
  orderNumber: z.string(),
  locale: z.string(),
  text: z.string(),
});
export type OrderMailAnswer = z.infer<typeof orderMailAnswer>;

/** GET /api/admin/orders/:id */
export const orderDetailAnswer = z.object({
  order: z.object({
    id: z.string(),
    orderNumber: z.string(),
    createdAt: iso,
    updatedAt: iso,
    status: z.string(),
    paymentStatus: z.string(),
    paymentMethod: z.string(),
    productName: z.string(),
    size: z.number().nullable(),
    color: z.string(),
    priceCents: z.number().int(),
    deliveryOption: z.string(),
    deliveryCostCents: z.number().int(),
    totalCents: z.number().int(),
    totalIdr: z.number().int(),
    locale: z.string(),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    /** 1 USD in rupiah, fixed when ordered. */
    usdToIdrRate: z.string(),
    /** The custom request a custom hat's order came from (its quote), else null. */
    customOrderId: z.number().int().nullable(),
    /** When the balance link was first sent (custom hats), else null. */
    balanceRequestedAt: iso.nullable(),
    shippingAddress,
    /** The money after refunds beside the payment status (decision 047), what went back, and when the hat came back. */
    refundState: z.enum(refundStates).nullable(),
    refundedCents: z.number().int(),
    refundedIdr: z.number().int(),
    returnedAt: iso.nullable(),
  }),
  /**
   * A custom hat's two payments (decision 026), computed here: the deposit, and the balance (the
   * rest of the price and the delivery), each in USD cents and rupiah; null for any other order.
   */
  parts: z
    .object({
      deposit: z.object({ usdCents: z.number().int(), idr: z.number().int(), state: z.enum(["paid", "unpaid"]) }),
      balance: z.object({ usdCents: z.number().int(), idr: z.number().int(), state: z.enum(["paid", "unpaid", "requested"]) }),
    })
    .nullable(),
  /** The delivery window as the checkout quoted it, and as counted from the payment once paid (ISO days). */
  estimate: z.object({
    quoted: z.object({ earliest: iso, latest: iso }).nullable(),
    fromPayment: z.object({ earliest: iso, latest: iso }).nullable(),
  }),
  paidAt: iso.nullable(),
  attempts: z.array(
    z.object({
      id: z.string(),
      attempt: z.number().int(),
      method: z.string(),
      amount: z.number(),
      currency: z.string(),
      /** FULL, or a custom hat's DEPOSIT or BALANCE. */
      part: z.string(),
      channelCode: z.string(),
      status: z.string(),
      failureCode: z.string().nullable(),
      xenditRequestId: z.string().nullable(),
      xenditPaymentId: z.string().nullable(),
      expiresAt: iso.nullable(),
      flag: z.string().nullable(),
      /** What the flag means, as a code the console words (paid-twice, amount-mismatch, …). */
      flagKind: z.string().nullable(),
      createdAt: iso,
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      /** The payment refunded: its number and method. */
      attempt: z.number().int().nullable(),
      method: z.string().nullable(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      reason: z.string(),
      failureCode: z.string().nullable(),
      xenditRefundId: z.string().nullable(),
      createdAt: iso,
      /** XENDIT, or BANK_TRANSFER / CASH made by hand (with its reference, and the day a transfer arrives). */
      way: z.enum(refundWays),
      amountUsdCents: z.number().int(),
      reference: z.string().nullable(),
      arrivesBy: z.string().nullable(),
      note: z.string(),
      refundedAt: iso.nullable(),
    }),
  ),
  history: z.array(z.object({ id: z.number().int(), status: z.string(), paymentStatus: z.string(), reason: z.string(), createdAt: iso })),
  notes: z.array(z.object({ id: z.number().int(), author: z.string(), text: z.string(), createdAt: iso })),
  /** The e-mails sent about the order, oldest first (each read at /api/admin/orders/:id/mails/:mailId). */
  mails: z.array(orderMailRow),
  /** The order's audit trail, newest first. */
  changes: z.array(recordChange),
  /**
   * The making of a hat made for the order (decision 054): its stages, the current one, every
   * change with its photos, the estimate; null for a ready hat in stock, or an order not paid yet.
   */
  making: orderMakingAnswer.nullable(),
  /**
   * What staff may do now: Mark as Paid, send the balance link (custom hats), the statuses the order
   * may move to, and send its ready hat for adjusting (POST /api/admin/orders/:id/making/adjust).
   */
  can: z.object({ markPaid: z.boolean(), balance: z.boolean(), moves: z.array(z.string()), adjust: z.boolean() }),
  /** The old page's ready e-mails, in the order's language, filled with its details. */
  templates: z.array(z.object({ id: z.string(), subject: z.string(), text: z.string() })),
});
export type OrderDetailAnswer = z.infer<typeof orderDetailAnswer>;

/** The carriers offered when shipping; OTHER lets staff type one. */
export const shippingCarriers = [...deliveryCarriers, "OTHER"];

/** POST /api/admin/orders/:id/status: the next status (and the parcel's carrier and tracking number when shipping). */
export const orderStatusRequest = z
  .object({
    next: z.enum(orderStatuses, "required"),
    carrier: z.string().trim().max(60, "tooLong").optional(),
    trackingNumber: z
      .string()
      .trim()
      .max(60, "tooLong")
      .regex(/^([A-Za-z0-9][A-Za-z0-9 ./-]*)?$/, "characters")
      .optional(),
    /** CANCELLED: why, told to the customer. */
    reason: z.string().trim().max(500, "tooLong").optional(),
    /** The status the form was shown for: a move meanwhile is a 409 and nothing changes. */
    expected: z.string().max(40).optional(),
  })
  .superRefine((value, context) => {
    if (value.next === "SHIPPED") {
      if (!value.carrier) context.addIssue({ code: "custom", path: ["carrier"], message: "required" });
      if (!value.trackingNumber) context.addIssue({ code: "custom", path: ["trackingNumber"], message: "required" });
    }
    if (value.next === "CANCELLED" && (value.reason ?? "").length < 3)
      context.addIssue({ code: "custom", path: ["reason"], message: "required" });
  });
export type OrderStatusRequest = z.input<typeof orderStatusRequest>;

/** POST /api/admin/orders/:id/notes: a note for the other staff (the customer never sees it). */
export const orderNoteRequest = z.object({ text: z.string().trim().min(1, "required").max(5000, "tooLong") });
export type OrderNoteRequest = z.input<typeof orderNoteRequest>;

/** POST /api/admin/orders/:id/emails: a message to the customer; its nonce (one per form shown) sends it once. */
export const orderEmailRequest = z.object({
  subject: z.string().trim().min(1, "required").max(200, "tooLong"),
  text: z.string().trim().min(1, "required").max(10_000, "tooLong"),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "expired"),
});
export type OrderEmailRequest = z.input<typeof orderEmailRequest>;

/** POST /api/admin/orders/:id/balance-link: its nonce (one per button shown) sends the link once per click. */
export const balanceLinkRequest = z.object({ nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "expired") });

/** What an e-mail's POST answers: whether this form queued it (false: it was sent before). */
export const orderEmailAnswer = z.object({ sent: z.boolean() });

/** The refund reasons an owner chooses from (Xendit's). */
export const refundReasons = ["DUPLICATE", "CANCELLATION", "REQUESTED_BY_CUSTOMER", "FRAUDULENT", "OTHERS"] as const;

/**
 * GET /api/orders/:id/refunds (owners): each payment, what it took and has left, how it may be
 * refunded now (through Xendit: `refundable`; by hand: `byHand`); the order's money; its return.
 */
export const orderRefundsAnswer = z.object({
  payments: z.array(
    z.object({
      /** A payment attempt's id, or "in-store" for the order's payment in the workshop. */
      paymentAttemptId: z.string(),
      attempt: z.number().int(),
      method: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      cause: z.string().nullable(),
      refundable: z.boolean(),
      blockedBy: z.string().nullable(),
      byHand: z.boolean(),
      xendit: z.enum(["none", "full", "partial"]),
      paidUsdCents: z.number().int(),
      refundedUsdCents: z.number().int(),
      leftAmount: z.number(),
      leftUsdCents: z.number().int(),
      /** Its Xendit refund whose answer was lost: the owner may send it again, as it was. */
      unanswered: z
        .object({ refundId: z.string(), amountUsdCents: z.number().int(), reason: z.enum(refundReasons), createdAt: iso })
        .nullable(),
    }),
  ),
  money: orderMoneyAnswer,
  returns: orderReturnsAnswer(iso),
});
export type OrderRefundsAnswer = z.infer<typeof orderRefundsAnswer>;
