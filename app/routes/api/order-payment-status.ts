import { AppError } from "#server/errors.ts";
import { jsonEndpoint } from "#server/http/api-errors.ts";
import { toApiOrder } from "#server/orders/api-view.ts";
import { orderById, setPaymentStatus } from "#server/orders/queries.ts";
import { isPaymentStatus } from "#server/orders/status.ts";
import { requireStaffApi } from "#server/staff/guard.ts";
import type { Route } from "./+types/order-payment-status";

/** PATCH /api/orders/update-payment-status?orderId= {paymentStatus} (staff). */
export const action = jsonEndpoint(async ({ request }: Route.ActionArgs) => {
  await requireStaffApi(request);
  if (request.method !== "PATCH") throw new AppError("invalid", "Use PATCH");
  const orderId = new URL(request.url).searchParams.get("orderId") ?? "";
  const body = (await request.json().catch(() => null)) as { paymentStatus?: unknown } | null;
  if (!isPaymentStatus(body?.paymentStatus))
    throw new AppError("invalid", "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT");
  if (!(await orderById(orderId))) throw new AppError("not_found", "Order not found");
  const { order } = await setPaymentStatus(orderId, body.paymentStatus, "updated by staff");
  return Response.json(toApiOrder(order));
});

export function loader() {
  return Response.json({ error: "Use PATCH" }, { status: 405 });
}
