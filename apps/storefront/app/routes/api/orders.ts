import { checkoutCookie } from "@workshop/api/checkout/session.ts";
import { rememberPlacedOrder } from "@workshop/api/checkout/steps.ts";
import { apiQuery, fullOrderPage } from "@workshop/api/desk/order-list.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { preferredLocale } from "@workshop/api/locale.ts";
import { parseOrderPayload } from "@workshop/api/orders/api-payload.ts";
import { toApiOrder } from "@workshop/api/orders/api-view.ts";
import { placeOrder } from "@workshop/api/orders/place-order.ts";
import { requireStaffApi } from "@workshop/api/staff/guard.ts";
import type { Route } from "./+types/orders";

/**
 * GET /api/orders?page&limit (staff): newest first, {orders, pagination}; also the list's filters
 * (status, paymentStatus, method, queue, from, to, q), an unknown filter value a 400.
 */
export const loader = jsonEndpoint(async ({ request }: Route.LoaderArgs) => {
  await requireStaffApi(request);
  const query = apiQuery(new URL(request.url).searchParams);
  const { rows, pagination } = await fullOrderPage(query);
  return Response.json({ orders: rows.map(toApiOrder), pagination }, { headers: { "Cache-Control": "no-store" } });
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
