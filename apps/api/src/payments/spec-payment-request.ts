import { z } from "zod";
import { AppError } from "#server/errors.ts";
import type { BodyCheck } from "#server/plugins/json-api.ts";
import type { PaymentAttempt } from "./attempts.ts";
import { type NextStep, startPayment } from "./payment-requests.ts";
import { xenditMethodOf } from "./xendit/channels.ts";

/**
 * POST /api/xendit/payment-request (SPEC section 3, Payment request payload). The amount and the
 * customer data of the payload are accepted but never used: Xendit is asked for the order's own
 * amount, and the order already holds its customer.
 */
export const paymentRequestPayload = z.object({
  orderId: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "orderId must be an order id"),
  channelCode: z.string().trim().min(1, "channelCode is required").max(50),
  paymentMethodType: z.string().max(50).optional(),
  amount: z.unknown().optional(),
  customerData: z.unknown().optional(),
  description: z.string().max(1000).optional(),
});
export type PaymentRequestPayload = z.infer<typeof paymentRequestPayload>;

/**
 * How the route checks the payload: JSON (400 "The body must be JSON"), then a 400 listing every
 * problem, `field: message` each, separated by "; ". The OpenAPI document has never shown this body.
 */
export const paymentRequestCheck: BodyCheck = {
  read: "as sent",
  json: "required",
  documented: null,
  refusal: (error) =>
    new AppError("invalid", error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ")),
};

/** One action of the answer, in the shape the old client read (action, url, qr_code / qrCode). */
export type PaymentAction = {
  action: "AUTH" | "PRESENT_TO_CUSTOMER";
  url_type?: "WEB";
  method?: "GET";
  url?: string;
  qr_code?: string;
  qrCode?: string;
};

function actionsOf(attempt: PaymentAttempt, next: NextStep): PaymentAction[] {
  if (next.kind === "redirect") return [{ action: "AUTH", url_type: "WEB", method: "GET", url: next.url }];
  if (next.kind === "qr" && attempt.qrString)
    return [{ action: "PRESENT_TO_CUSTOMER", qr_code: attempt.qrString, qrCode: attempt.qrString }];
  return [];
}

/**
 * `mayPay` says whether the caller may start, switch or cancel the order's payments; anyone else
 * is told the order does not exist, and nothing changes.
 */
export async function createPaymentRequest(payload: PaymentRequestPayload, mayPay: (orderId: string) => Promise<boolean>) {
  const method = xenditMethodOf(payload.channelCode);
  if (!method) throw new AppError("invalid", `Unknown channelCode: ${payload.channelCode.slice(0, 50)}`);
  if (!(await mayPay(payload.orderId.toLowerCase()))) throw new AppError("not_found", "Order not found");
  const { attempt, next } = await startPayment(payload.orderId, method);
  return { actions: actionsOf(attempt, next), orderId: attempt.orderId, xenditPaymentId: attempt.xenditRequestId };
}
