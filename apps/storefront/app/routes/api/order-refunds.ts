import type { Actor } from "@workshop/api/audit/actor.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { orderById } from "@workshop/api/orders/queries.ts";
import { refundableAttempts, refundPayment, refundsOf } from "@workshop/api/payments/refunds.ts";
import { requireStaffApi } from "@workshop/api/staff/guard.ts";
import type { Route } from "./+types/order-refunds";

/** Refunds are for owners; a machine holding ADMIN_API_TOKEN counts as one. */
function requireOwnerApi(actor: Actor): void {
  if (actor.role !== "owner" && actor.role !== "machine") throw new AppError("forbidden", "Only an owner may refund a payment");
}

/** GET /api/orders/:id/refunds (owners): the order's refunds and which payments may be refunded, and why. */
export const loader = jsonEndpoint(async ({ request, params }: Route.LoaderArgs) => {
  requireOwnerApi(await requireStaffApi(request));
  if (!(await orderById(params.id))) throw new AppError("not_found", "Order not found");
  const [refunds, payments] = await Promise.all([refundsOf(params.id), refundableAttempts(params.id)]);
  return Response.json({ refunds, payments });
});

/** POST /api/orders/:id/refunds {paymentAttemptId, reason} (owners): refunds that payment in full; 201 with the refund. */
export const action = jsonEndpoint(async ({ request, params }: Route.ActionArgs) => {
  const actor = await requireStaffApi(request);
  requireOwnerApi(actor);
  if (request.method !== "POST") throw new AppError("invalid", "Use POST");
  const body = (await request.json().catch(() => null)) as { paymentAttemptId?: unknown; reason?: unknown } | null;
  if (typeof body !== "object" || body === null) throw new AppError("invalid", "The body must be JSON: {paymentAttemptId, reason}");
  if (typeof body.paymentAttemptId !== "string") throw new AppError("invalid", "paymentAttemptId is required");
  if (typeof body.reason !== "string") throw new AppError("invalid", "reason is required");
  const refund = await refundPayment({ orderId: params.id, paymentAttemptId: body.paymentAttemptId, reason: body.reason, actor });
  return Response.json(refund, { status: 201 });
});
