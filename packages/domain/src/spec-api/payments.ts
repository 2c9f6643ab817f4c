import { z } from "zod";
import { providerStatuses } from "../payment-record.ts";
import { paymentRecordAnswer } from "../shop-api/payments.ts";

/** Paying an order through the older JSON API (SPEC sections 3 and 7: `/api/xendit/payment-…`). */

/**
 * POST /api/xendit/payment-request (201): what the customer does next (`actions`: a page to open, or
 * a QR code to show; none for a virtual account or a store payment) and the payment's id.
 */
export const paymentRequestAnswer = z.object({
  actions: z.array(
    z.object({
      action: z.enum(["AUTH", "PRESENT_TO_CUSTOMER"]),
      url_type: z.literal("WEB").optional(),
      method: z.literal("GET").optional(),
      url: z.string().optional(),
      /** The QR string, under both names the old client read. */
      qr_code: z.string().optional(),
      qrCode: z.string().optional(),
    }),
  ),
  orderId: z.string(),
  /** Xendit's payment request (pr-…) or card session (ps-…) id: the payment id of payment-status. */
  xenditPaymentId: z.string().nullable(),
});

/**
 * GET /api/xendit/payment-status?paymentId= or ?orderId= (200): the payment as it stands. A missing
 * id (400) or a payment not found (404) answers `{success: false, payment: null, error, status: null}`.
 */
export const paymentStatusAnswer = z.object({
  success: z.literal(true),
  payment: paymentRecordAnswer,
  error: z.null(),
  status: z.enum(providerStatuses),
});
