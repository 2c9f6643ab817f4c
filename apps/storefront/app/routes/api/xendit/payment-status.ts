import { checkPaymentStatus } from "@workshop/api/checkout/payment-api.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import type { Route } from "./+types/payment-status";

/** GET /api/xendit/payment-status?paymentId= or ?orderId=: the Payment record, never cached, for whoever may pay the order. */
export const loader = jsonEndpoint(async ({ request }: Route.LoaderArgs) => {
  const query = new URL(request.url).searchParams;
  const { httpStatus, body } = await checkPaymentStatus(request, {
    paymentId: query.get("paymentId")?.slice(0, 100),
    orderId: query.get("orderId")?.slice(0, 100),
  });
  return Response.json(body, { status: httpStatus, headers: { "Cache-Control": "no-store" } });
});
