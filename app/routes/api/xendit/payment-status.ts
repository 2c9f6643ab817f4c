import type { Route } from "./+types/payment-status";
import { errorResponse } from "../../../../server/errors.ts";
import { checkPaymentStatus } from "../../../../server/checkout/payment-api.ts";

/** GET /api/xendit/payment-status?paymentId= or ?orderId=: the Payment record, never cached, for whoever may pay the order. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const query = new URL(request.url).searchParams;
    const { httpStatus, body } = await checkPaymentStatus(request, { paymentId: query.get("paymentId")?.slice(0, 100), orderId: query.get("orderId")?.slice(0, 100) });
    return Response.json(body, { status: httpStatus, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
