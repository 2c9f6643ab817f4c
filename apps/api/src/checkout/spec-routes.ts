import { paymentStatusQuery } from "@workshop/domain/api-requests.ts";
import { placedOrderAnswer } from "@workshop/domain/spec-api/orders.ts";
import { paymentRequestAnswer, paymentStatusAnswer } from "@workshop/domain/spec-api/payments.ts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { preferredLocale } from "#server/locale.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { orderPayload, orderPayloadCheck } from "#server/orders/spec-input.ts";
import { paymentRequestCheck, paymentRequestPayload } from "#server/payments/spec-payment-request.ts";
import { checkedBodyOf, methodNotAllowed, wrongMethod } from "#server/plugins/json-api.ts";
import { setCheckoutCookie } from "./session.ts";
import { checkPaymentStatus, requestPayment } from "./spec-payments.ts";
import { rememberPlacedOrder } from "./steps.ts";

/** The checkout's JSON endpoints: placing an order and paying it (they read the checkout cookie). */
export const checkoutSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /api/orders: places an order; the amounts in the body must match the shop's, or 400. The
   * caller's checkout cookie remembers the order, so the same client may pay it.
   */
  app.post(
    "/api/orders",
    {
      config: { rateLimit: "orders" },
      schema: { body: checkedBodyOf(orderPayload, orderPayloadCheck), response: { 201: placedOrderAnswer } },
    },
    async (request, reply) => {
      const order = await placeOrder({ ...request.body, locale: preferredLocale(request) });
      const session = await rememberPlacedOrder(request, order.id);
      return setCheckoutCookie(reply, session).code(201).send({ id: order.id, orderNumber: order.orderNumber });
    },
  );
  app.route({
    method: ["PUT", "PATCH", "DELETE"],
    url: "/api/orders",
    config: { rateLimit: "orders" },
    handler: wrongMethod("Use POST to place an order"),
  });

  /**
   * POST /api/xendit/payment-request: {actions, orderId, xenditPaymentId} for an order's payment,
   * for the browser that placed the order, the holder of its private link (X-Order-Token) or staff.
   */
  app.post(
    "/api/xendit/payment-request",
    {
      config: { rateLimit: "payments" },
      schema: { body: checkedBodyOf(paymentRequestPayload, paymentRequestCheck), response: { 201: paymentRequestAnswer } },
    },
    async (request, reply) => {
      return reply.code(201).send(await requestPayment(request, request.body));
    },
  );
  app.get("/api/xendit/payment-request", methodNotAllowed("POST", "Use POST to create a payment request"));
  app.route({
    method: ["PUT", "PATCH", "DELETE"],
    url: "/api/xendit/payment-request",
    config: { rateLimit: "payments" },
    handler: wrongMethod("Use POST to create a payment request"),
  });

  /** GET /api/xendit/payment-status?paymentId= or ?orderId=: the Payment record, never cached, for whoever may pay the order. */
  app.get(
    "/api/xendit/payment-status",
    { schema: { querystring: paymentStatusQuery, response: { 200: paymentStatusAnswer } } },
    async (request, reply) => {
      const { httpStatus, body } = await checkPaymentStatus(request, request.query);
      reply.header("Cache-Control", "no-store");
      if (body.success) return reply.send(body);
      // 400 (no id) and 404 (none found) answer {success: false, payment: null, error, status: null}, as they are.
      const refused: FastifyReply = reply;
      return refused.code(httpStatus).send(body);
    },
  );
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/xendit/payment-status", handler: methodNotAllowed("GET") });
};
