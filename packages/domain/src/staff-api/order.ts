import { z } from "zod";
import { orderStatuses } from "../order-status.ts";

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
    shippingAddress,
  }),
  paidAt: iso.nullable(),
  attempts: z.array(
    z.object({
      id: z.string(),
      attempt: z.number().int(),
      method: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      flag: z.string().nullable(),
      createdAt: iso,
    }),
  ),
  refunds: z.array(
    z.object({ id: z.string(), amount: z.number(), currency: z.string(), status: z.string(), reason: z.string(), createdAt: iso }),
  ),
  history: z.array(z.object({ id: z.number().int(), status: z.string(), paymentStatus: z.string(), reason: z.string(), createdAt: iso })),
  notes: z.array(z.object({ id: z.number().int(), author: z.string(), text: z.string(), createdAt: iso })),
  /** What staff may do now: Mark as Paid, and the statuses the order may move to. */
  can: z.object({ markPaid: z.boolean(), moves: z.array(z.string()) }),
  /** The old page's ready e-mails, in the order's language, filled with its details. */
  templates: z.array(z.object({ id: z.string(), subject: z.string(), text: z.string() })),
});
export type OrderDetailAnswer = z.infer<typeof orderDetailAnswer>;

/** The carriers offered when shipping; OTHER lets staff type one. */
export const shippingCarriers = ["DHL", "Lion Parcel", "OTHER"] as const;

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

/** What an e-mail's POST answers: whether this form queued it (false: it was sent before). */
export const orderEmailAnswer = z.object({ sent: z.boolean() });

/** The refund reasons an owner chooses from (Xendit's). */
export const refundReasons = ["DUPLICATE", "CANCELLATION", "REQUESTED_BY_CUSTOMER", "FRAUDULENT", "OTHERS"] as const;

/** GET /api/orders/:id/refunds (owners): each payment, whether it may be refunded, and its refund. */
export const orderRefundsAnswer = z.object({
  payments: z.array(
    z.object({
      paymentAttemptId: z.string(),
      attempt: z.number().int(),
      method: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      cause: z.string().nullable(),
      refundable: z.boolean(),
      blockedBy: z.string().nullable(),
    }),
  ),
});
export type OrderRefundsAnswer = z.infer<typeof orderRefundsAnswer>;
