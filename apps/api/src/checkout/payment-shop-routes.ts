import { completePageAnswer, placedOrderQuery, successPageAnswer } from "@workshop/domain/shop-api/order-pages.ts";
import {
  failedPaymentAnswer,
  instructionsPageAnswer,
  nextAnswer,
  paymentIdsQuery,
  qrCodeAnswer,
  qrPageAnswer,
  returnRequest,
  sandboxPaymentAnswer,
  sandboxPaymentRequest,
} from "@workshop/domain/shop-api/payments.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { paymentsSandbox } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { checkedBodyOf } from "#server/plugins/json-api.ts";
import { completePage, failedPayment, instructionsPage, qrCodeOf, qrPage, successPage } from "./payment-pages.ts";
import { returnDestination } from "./return.ts";
import { simulateSandboxOutcome } from "./sandbox-outcome.ts";
import { setCheckoutCookie } from "./session.ts";

/**
 * The checkout's payment pages as the storefront reads them (`/api/shop/checkout/…`,
 * packages/domain/src/shop-api/payments.ts). Each answers only for a payment of an order placed
 * from the caller's browser (its checkout cookie); for anyone else's there is none. Never cached.
 */
export const paymentShopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "private, no-store");
  });

  /**
   * GET /api/shop/checkout/success?orderId=&paymentId=&lang=: the order just placed from this
   * browser and the payment the address names, or `{next}` (the failed page).
   */
  app.get(
    "/api/shop/checkout/success",
    { schema: { querystring: placedOrderQuery, response: { 200: successPageAnswer } } },
    async (request) => {
      const page = await successPage(request, request.query, request.query.lang);
      if (!page) throw new AppError("not_found", "Order not found");
      return page;
    },
  );

  /** GET /api/shop/checkout/complete?orderId=&lang=: a finished order placed from this browser, in full. */
  app.get(
    "/api/shop/checkout/complete",
    { schema: { querystring: placedOrderQuery, response: { 200: completePageAnswer } } },
    async (request) => {
      const page = await completePage(request, request.query.orderId ?? null, request.query.lang);
      if (!page) throw new AppError("not_found", "Order not found");
      return page;
    },
  );

  /** GET /api/shop/checkout/failed?orderId=&paymentId=: the payment that did not go through. */
  app.get(
    "/api/shop/checkout/failed",
    { schema: { querystring: paymentIdsQuery, response: { 200: failedPaymentAnswer } } },
    async (request) => {
      const found = await failedPayment(request, request.query);
      if (!found) throw new AppError("not_found", "Payment not found");
      return found;
    },
  );

  /** GET /api/shop/checkout/qr?orderId=&paymentId=: a QRIS payment to scan, or `{next}`. */
  app.get("/api/shop/checkout/qr", { schema: { querystring: paymentIdsQuery, response: { 200: qrPageAnswer } } }, async (request) =>
    qrPage(request, request.query),
  );

  /** GET /api/shop/checkout/qr-code/:paymentId: the QRIS payload, for the storefront to draw. */
  app.get(
    "/api/shop/checkout/qr-code/:paymentId",
    { schema: { params: z.object({ paymentId: z.string() }), response: { 200: qrCodeAnswer } } },
    async (request) => {
      const code = await qrCodeOf(request, request.params.paymentId);
      if (!code) throw new AppError("not_found", "Payment not found");
      return code;
    },
  );

  /** GET /api/shop/checkout/payment-instructions?orderId=&paymentId=: how to pay, or `{next}`. */
  const instructions = { querystring: paymentIdsQuery, response: { 200: instructionsPageAnswer } };
  app.get("/api/shop/checkout/payment-instructions", { schema: instructions }, async (request) => instructionsPage(request, request.query));

  /**
   * POST /api/shop/checkout/return {orderId, attempt, sig, failed}: back from Xendit's page. Xendit
   * is asked how the payment stands; `{next}` is its success or failed page (the payment step for
   * a return that names no order of this browser's, nor carries the order's signature). A signed
   * return in another browser takes the order into that browser's checkout: its cookie comes along.
   */
  app.post(
    "/api/shop/checkout/return",
    {
      schema: {
        body: checkedBodyOf(returnRequest, "Send the return address's orderId, attempt, sig (text or null) and failed (true or false)"),
        response: { 200: nextAnswer },
      },
    },
    async (request, reply) => {
      const returned = request.body;
      const { location, sessionId } = await returnDestination(request, returned);
      if (sessionId) setCheckoutCookie(reply, sessionId);
      return { next: location };
    },
  );

  /**
   * POST /api/shop/checkout/sandbox-payment {paymentId, outcome}: the built-in sandbox's pay and
   * fail buttons, for a waiting payment of this browser's order (404 for another). A shop on real
   * Xendit has no such path: the API's 404, and the published contract leaves it out (it is no
   * promise to a caller, and the document must not depend on this shop's settings).
   */
  if (paymentsSandbox())
    app.post(
      "/api/shop/checkout/sandbox-payment",
      {
        schema: {
          hide: true,
          body: checkedBodyOf(sandboxPaymentRequest, "outcome must be pay or fail, paymentId a payment's id"),
          response: { 200: sandboxPaymentAnswer },
        },
      },
      async (request) => {
        const { paymentId, outcome } = request.body;
        await simulateSandboxOutcome(request, paymentId, outcome);
        return { ok: true } as const;
      },
    );
};
