import { z } from "zod";
import { queryText } from "../api-requests.ts";
import { paymentMethodTypes } from "../payment-methods.ts";
import { type PaymentRecord, providerStatuses } from "../payment-record.ts";

/**
 * The checkout's payment pages as the storefront reads them (`/api/shop/checkout/…`): a payment of
 * an order placed from the customer's browser (its checkout cookie, which the storefront forwards),
 * as the API has just read it from Xendit. For anyone else's payment the API answers as if there
 * were none. Where the customer goes instead is the API's answer too (`{next}`).
 */

/** A page of the shop, unlocalised ('/checkout/success?…'): never another site's address. */
const shopPath = z.string().regex(/^\/(?![/\\])/, "A path of the shop");

/** The customer goes to this page of the shop instead (the storefront localises it and redirects). */
export const nextAnswer = z.object({ next: shopPath });

/** ?orderId=&paymentId=: the payment (else the order's latest) that a page's address names. */
export const paymentIdsQuery = z.object({ orderId: queryText, paymentId: queryText });

const expiresAt = z.string().nullable();

/** One payment attempt as the pages and the browser's status polling show it (../payment-record.ts). */
export const paymentRecordAnswer = z.object({
  id: z.string(),
  reference_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(providerStatuses),
  failure_reason: z.string().nullable(),
  payment_method: z.object({
    type: z.string(),
    channel_code: z.string(),
    // The richest shape first: an object schema drops the fields it does not name.
    channel_properties: z.union([
      z.object({ virtual_account_number: z.string(), customer_name: z.string(), expires_at: expiresAt }),
      z.object({ payment_code: z.string(), customer_name: z.string(), expires_at: expiresAt }),
      z.object({ expires_at: expiresAt }),
    ]),
  }),
}) satisfies z.ZodType<PaymentRecord>;

/** GET /api/shop/checkout/failed?orderId=&paymentId=: the payment that did not go through (404: none of this browser's). */
export const failedPaymentAnswer = z.object({ record: paymentRecordAnswer, orderNumber: z.string() });

/** What the QR and the instructions pages share: the payment, its order's number, whether the sandbox plays Xendit. */
const pagePayment = {
  orderId: z.string(),
  orderNumber: z.string(),
  /** Xendit's payment request id (pr-…). */
  paymentId: z.string(),
  record: paymentRecordAnswer,
  /** The shop runs on the built-in Xendit sandbox: the page offers its pay and fail buttons. */
  sandbox: z.boolean(),
};

/**
 * GET /api/shop/checkout/qr?orderId=&paymentId=: a QRIS payment to scan, or `{next}` (the payment
 * step for a payment not this browser's, the success page once paid, the instructions for another method).
 */
export const qrPageAnswer = z.union([
  nextAnswer,
  z.object({
    ...pagePayment,
    /** Xendit gave a code to draw (GET /api/shop/checkout/qr-code/:paymentId). */
    hasQrCode: z.boolean(),
    /** Opens the payment in the customer's app, when Xendit gives such a link (https or an app's scheme). */
    deepLink: z.string().nullable(),
  }),
]);

/** GET /api/shop/checkout/qr-code/:paymentId: the QRIS payload to draw (404: no code, or not this browser's). */
export const qrCodeAnswer = z.object({ orderNumber: z.string(), qrString: z.string().min(1) });

/**
 * GET /api/shop/checkout/payment-instructions?orderId=&paymentId=: how to pay a method without a QR
 * code, or `{next}` (as the QR page's).
 */
export const instructionsPageAnswer = z.union([
  nextAnswer,
  z.object({
    ...pagePayment,
    method: z.object({ code: z.string(), type: z.enum(paymentMethodTypes), logo: z.string() }),
    /** Seconds left to pay, from the provider's expiry (else 24 hours), when the API answered. */
    secondsLeft: z.number().int().min(0),
  }),
]);

/** A value of Xendit's return address, as it came (the API judges it). */
const returnValue = z.string().max(200, "Too long").nullable();

/**
 * POST /api/shop/checkout/return {orderId, attempt, sig, failed}: the customer is back from
 * Xendit's page (the return address's order_id, attempt, sig and failed=1). Answers `{next}`,
 * with the checkout cookie when the order has just joined this browser's checkout.
 */
export const returnRequest = z.object({
  orderId: returnValue,
  attempt: returnValue,
  sig: returnValue,
  failed: z.boolean(),
});
export type ReturnRequest = z.infer<typeof returnRequest>;

/**
 * POST /api/shop/checkout/sandbox-payment {paymentId, outcome}: the sandbox's pay and fail buttons,
 * for a waiting payment of an order placed from this browser. Outside the sandbox a 404.
 */
export const sandboxPaymentRequest = z.object({
  paymentId: z.string({ error: "paymentId must be text" }).max(500, "paymentId is at most 500 characters"),
  outcome: z.enum(["pay", "fail"], { error: "outcome must be pay or fail" }),
});

/** The outcome was reported (the payment's new state is read by the page's polling, as for real). */
export const sandboxPaymentAnswer = z.object({ ok: z.literal(true) });
