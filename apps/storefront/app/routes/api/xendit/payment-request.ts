import { requestPayment } from "@workshop/api/checkout/payment-api.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import type { Route } from "./+types/payment-request";

/**
 * POST /api/xendit/payment-request: {actions, orderId, xenditPaymentId} for an order's payment,
 * for the browser that placed the order, the holder of its private link (X-Order-Token) or staff.
 */
export const action = jsonEndpoint(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new AppError("invalid", "Use POST to create a payment request");
  const body = await request.json().catch(() => {
    throw new AppError("invalid", "The body must be JSON");
  });
  return Response.json(await requestPayment(request, body), { status: 201 });
});

export function loader() {
  return Response.json({ error: "Use POST to create a payment request" }, { status: 405, headers: { Allow: "POST" } });
}
