import { staffOrderView } from "@workshop/api/desk/order-api.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { requireStaffApi } from "@workshop/api/staff/guard.ts";
import type { Route } from "./+types/order";

/** GET /api/orders/<id> (staff): the order with its payment attempts, refunds, history and notes; 404 for anything else. */
export const loader = jsonEndpoint(async ({ request, params }: Route.LoaderArgs) => {
  await requireStaffApi(request);
  const order = await staffOrderView(params.id);
  if (!order) throw new AppError("not_found", "Order not found");
  return Response.json(order, { headers: { "Cache-Control": "no-store" } });
});

/** Nothing to change here: the order's actions have their own endpoints. */
export const action = jsonEndpoint(async ({ request }: Route.ActionArgs) => {
  await requireStaffApi(request);
  throw Response.json({ error: "Use GET" }, { status: 405, headers: { Allow: "GET" } });
});
