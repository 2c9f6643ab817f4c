import { paymentStatuses } from "@workshop/domain/order-status.ts";
import { apiOrder, apiOrderDetail, apiOrderList } from "@workshop/domain/spec-api/orders.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { searchParamsOf } from "#server/http/caller.ts";
import { toApiOrder } from "#server/orders/spec-view.ts";
import { checkedBodyOf, methodNotAllowed, refusal, wrongMethod } from "#server/plugins/json-api.ts";
import { updatePaymentStatusByApi } from "./order-actions.ts";
import { apiQuery, fullOrderPage } from "./order-list.ts";
import { staffOrderView } from "./spec-view.ts";

/**
 * PATCH /api/orders/update-payment-status's body: a payment status, anything else (no body too) a
 * 400 naming the ones staff ask for. Not in the OpenAPI document, which has never shown it.
 */
const paymentStatusChange = checkedBodyOf(z.object({ paymentStatus: z.enum(paymentStatuses) }), {
  refusal: () => new AppError("invalid", "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT"),
  documented: null,
});

/** The staff's JSON endpoints for orders (SPEC 7), in the staff scope (spec-api.ts): the orders list and actions of this folder. */
export const ordersSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /api/orders?page&limit (staff): newest first, {orders, pagination}; also the list's filters
   * (status, paymentStatus, method, queue, from, to, q), an unknown filter value a 400.
   */
  app.get("/api/orders", { schema: { response: { 200: apiOrderList } } }, async (request, reply) => {
    const { rows, pagination } = await fullOrderPage(apiQuery(searchParamsOf(request)));
    return reply.header("Cache-Control", "no-store").send({ orders: rows.map(toApiOrder), pagination });
  });

  /**
   * PATCH /api/orders/update-payment-status?orderId= {paymentStatus} (staff session or bearer token):
   * the admin's Mark as Paid for API callers. SUCCEEDED on a cash-in-store order awaiting payment
   * marks it paid (PROCESSING, the customer e-mailed, audited); anything else is refused: 409 {error}.
   */
  app.patch(
    "/api/orders/update-payment-status",
    { config: { rateLimit: null }, schema: { body: paymentStatusChange, response: { 200: apiOrder } } },
    async (request) => {
      const orderId = searchParamsOf(request).get("orderId") ?? "";
      return toApiOrder(await updatePaymentStatusByApi(orderId, request.body.paymentStatus, request.actor));
    },
  );
  app.get("/api/orders/update-payment-status", methodNotAllowed("PATCH", "Use PATCH"));
  app.route({
    method: ["POST", "PUT", "DELETE"],
    url: "/api/orders/update-payment-status",
    config: { rateLimit: null },
    handler: wrongMethod("Use PATCH"),
  });

  /** GET /api/orders/<id> (staff): the order with its payment attempts, refunds, history and notes; 404 for anything else. */
  app.get<{ Params: { id: string } }>("/api/orders/:id", { schema: { response: { 200: apiOrderDetail } } }, async (request, reply) => {
    const order = await staffOrderView(request.params.id);
    if (!order) throw new AppError("not_found", "Order not found");
    return reply.header("Cache-Control", "no-store").send(order);
  });
  /**
   * Nothing to change here: the order's actions have their own endpoints. A 405 after the guard,
   * unlike the others: a stranger learns nothing from an order's address.
   */
  app.route({
    method: ["POST", "PUT", "PATCH", "DELETE"],
    url: "/api/orders/:id",
    handler: refusal(async (_request, reply) => reply.code(405).header("Allow", "GET").send({ error: "Use GET" })),
  });
};
