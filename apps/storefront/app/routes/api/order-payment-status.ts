import { updatePaymentStatusByApi } from "@workshop/api/desk/order-actions.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { toApiOrder } from "@workshop/api/orders/api-view.ts";
import { requireStaffApi } from "@workshop/api/staff/guard.ts";
import type { Route } from "./+types/order-payment-status";

/**
 * PATCH /api/orders/update-payment-status?orderId= {paymentStatus} (staff session or bearer token):
 * the admin's Mark as Paid for API callers. SUCCEEDED on a cash-in-store order awaiting payment
 * marks it paid (PROCESSING, the customer e-mailed, audited); anything else is refused: 409 {error}.
 */
export const action = jsonEndpoint(async ({ request }: Route.ActionArgs) => {
  const actor = await requireStaffApi(request);
  if (request.method !== "PATCH") throw new AppError("invalid", "Use PATCH");
  const orderId = new URL(request.url).searchParams.get("orderId") ?? "";
  const body = (await request.json().catch(() => null)) as { paymentStatus?: unknown } | null;
  const paymentStatus = typeof body?.paymentStatus === "string" ? body.paymentStatus : "";
  const order = await updatePaymentStatusByApi(orderId, paymentStatus, actor);
  return Response.json(toApiOrder(order));
});

export function loader() {
  return Response.json({ error: "Use PATCH" }, { status: 405 });
}
