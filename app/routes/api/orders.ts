import { checkoutCookie } from "#server/checkout/session.ts";
import { rememberPlacedOrder } from "#server/checkout/steps.ts";
import { AppError } from "#server/errors.ts";
import { jsonEndpoint } from "#server/http/api-errors.ts";
import { preferredLocale } from "#server/locale.ts";
import { parseOrderPayload } from "#server/orders/api-payload.ts";
import { toApiOrder } from "#server/orders/api-view.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { listOrders } from "#server/orders/queries.ts";
import { requireStaffApi } from "#server/staff/guard.ts";
import type { Route } from "./+types/orders";

const positiveInt = (text: string | null, fallback: number, max: number) =>
  text && /^\d{1,6}$/.test(text) && Number(text) >= 1 ? Math.min(Number(text), max) : fallback;

/** GET /api/orders?page&limit (staff): newest first, {orders, pagination}. */
export const loader = jsonEndpoint(async ({ request }: Route.LoaderArgs) => {
  await requireStaffApi(request);
  const query = new URL(request.url).searchParams;
  const result = await listOrders(positiveInt(query.get("page"), 1, 100_000), positiveInt(query.get("limit"), 10, 100));
  return Response.json({ orders: result.orders.map(toApiOrder), pagination: result.pagination });
});

/**
 * POST /api/orders: places an order; the amounts in the body must match the shop's, or 400. The
 * caller's checkout cookie remembers the order, so the same client may pay it.
 */
export const action = jsonEndpoint(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new AppError("invalid", "Use POST to place an order");
  const body = await request.json().catch(() => {
    throw new AppError("invalid", "The body must be JSON");
  });
  const order = await placeOrder(parseOrderPayload(body, await preferredLocale(request)));
  const session = await rememberPlacedOrder(request, order.id);
  return Response.json(
    { id: order.id, orderNumber: order.orderNumber },
    { status: 201, headers: { "Set-Cookie": await checkoutCookie(session) } },
  );
});
