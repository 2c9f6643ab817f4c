import { z } from "zod";
import { langParam } from "../api-requests.ts";
import { providerStatuses } from "../payment-record.ts";
import { refundWays } from "../refunds.ts";
import { customerMaking } from "./order-making.ts";
import { shopOrder } from "./orders.ts";
import { nextAnswer, paymentIdsQuery } from "./payments.ts";

/**
 * The pages that show a placed order (`/api/shop/…`): the checkout's last pages, for the browser
 * that placed it (its checkout cookie), and the order's private page, for whoever holds its link.
 * Dates and the hat's name in the language asked for (`?lang=ru`); what the customer may do now
 * (pay, pay in the workshop) as the API judged it.
 */

/** ?orderId=&paymentId=&lang= of the checkout's last pages. */
export const placedOrderQuery = paymentIdsQuery.extend({ lang: langParam });

/** ?lang= of the order's private page. */
export const orderPageQuery = z.object({ lang: langParam });

/** What the success page says happened (SPEC 2.7): a test payment, paid, cash awaited in the workshop, or still processing. */
const successOutcomes = ["paid", "test", "processing", "cash"] as const;
export type SuccessOutcome = (typeof successOutcomes)[number];

/**
 * GET /api/shop/checkout/success?orderId=&paymentId=&lang=: the order just placed from this browser
 * and the payment the address names, or `{next}` (the failed page, for a payment that failed while
 * the order is unpaid). 404 for an order that is not this browser's.
 */
export const successPageAnswer = z.union([
  nextAnswer,
  z.object({
    order: shopOrder,
    outcome: z.enum(successOutcomes),
    /** The payment the address named: its id, method and the provider's answer; null without one. */
    payment: z.object({ id: z.string(), methodCode: z.string(), status: z.enum(providerStatuses) }).nullable(),
    /** The payment could not be read just now (the page says so, and shows the order). */
    paymentUnavailable: z.boolean(),
    /** A cash order that waits for its prepayment in the workshop: the page says how to pay it. */
    cashDue: z.boolean(),
  }),
]);

/** GET /api/shop/checkout/complete?orderId=&lang=: a finished order placed from this browser, in full (404 otherwise). */
export const completePageAnswer = z.object({ order: shopOrder, cashDue: z.boolean() });

/**
 * GET /api/shop/orders/:token?lang=: the order's private page (404 for an unknown token, counted
 * against the caller's unknown links).
 */
export const orderPageAnswer = z.object({
  order: shopOrder,
  /** Every change of its status, oldest first, `at` written as the order's dates. */
  history: z.array(z.object({ id: z.number().int(), at: z.string(), status: z.string(), paymentStatus: z.string() })),
  /**
   * 'Pay now' is offered (POST /api/shop/orders/:token/pay): after a failed payment (`again`), for
   * a custom hat's balance (`balance`), or while a payment is still open (`pending`). Null: nothing
   * to pay online now.
   */
  payNow: z.enum(["again", "balance", "pending"]).nullable(),
  /** A cash order that waits for its prepayment in the workshop: the page says how to pay it. */
  cashDue: z.boolean(),
  /**
   * The money that went back (decision 047): the order's state beside its payment status (partly
   * refunded, refunded, or a refund on its way; null otherwise), the sums, and each refund done or
   * on its way (a failed one is the workshop's to deal with), oldest first.
   */
  refund: z.object({
    state: z.enum(["PARTLY_REFUNDED", "REFUNDED", "REFUND_PENDING"]).nullable(),
    refundedCents: z.number().int(),
    refundedIdr: z.number().int(),
    refunds: z.array(
      z.object({
        id: z.string(),
        usdCents: z.number().int(),
        /** In the currency paid (whole rupiah). */
        amount: z.number(),
        currency: z.string(),
        /** XENDIT (back the way it was paid: `method`), BANK_TRANSFER or CASH. */
        way: z.enum(refundWays),
        method: z.string(),
        /** Whether the money went out; false: on its way. */
        done: z.boolean(),
        /** When it went out (or was asked for), written as the order's dates. */
        at: z.string(),
        /** A bank transfer's day of arrival, in words. */
        arrivesBy: z.string().nullable(),
      }),
    ),
  }),
  /** The hat was sent back and the workshop recorded it (the order's status stays as it was). */
  returned: z.boolean(),
  /** A hat made for the order: its making stage by stage (decision 054); null for a ready hat or before it is paid. */
  making: customerMaking.nullable(),
});

/**
 * POST /api/shop/orders/:token/pay: this browser takes the order to the payment step (the checkout
 * cookie comes with the answer). 404 for an unknown token, 409 for an order with nothing to pay.
 */
export const payOrderAnswer = z.object({ next: z.literal("/checkout/payment") });
