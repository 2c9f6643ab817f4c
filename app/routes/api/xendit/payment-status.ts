import { jsonEndpoint } from "../../../../server/http/api-errors.ts";
import type { Route } from "./+types/payment-status";
import { paymentStatus } from "../../../../server/payments/payment-status.ts";

/** GET /api/xendit/payment-status?paymentId= or ?orderId=: the Payment record, never cached. */
export const loader = jsonEndpoint(async ({ request }: Route.LoaderArgs) => {
  const query = new URL(request.url).searchParams;
  const { httpStatus, body } = await paymentStatus({ paymentId: query.get("paymentId")?.slice(0, 100), orderId: query.get("orderId")?.slice(0, 100) });
  return Response.json(body, { status: httpStatus, headers: { "Cache-Control": "no-store" } });
});
