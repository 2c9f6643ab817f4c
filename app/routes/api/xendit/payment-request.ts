import type { Route } from "./+types/payment-request";
import { AppError, errorResponse } from "../../../../server/errors.ts";
import { createPaymentRequest } from "../../../../server/payments/payment-request-api.ts";

/** POST /api/xendit/payment-request: {actions, orderId, xenditPaymentId} for an order's payment. */
export async function action({ request }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") throw new AppError("invalid", "Use POST to create a payment request");
    const body = await request.json().catch(() => {
      throw new AppError("invalid", "The body must be JSON");
    });
    return Response.json(await createPaymentRequest(body), { status: 201 });
  } catch (error) {
    return errorResponse(error);
  }
}

export function loader() {
  return Response.json({ error: "Use POST to create a payment request" }, { status: 405, headers: { Allow: "POST" } });
}
