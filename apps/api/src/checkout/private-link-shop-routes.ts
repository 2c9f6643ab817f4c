import { orderPageAnswer, orderPageQuery, payOrderAnswer } from "@workshop/domain/shop-api/order-pages.ts";
import { quoteAcceptAnswer, quotePageAnswer } from "@workshop/domain/shop-api/quotes.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { jsonBody } from "#server/plugins/json-api.ts";
import { orderLinkPage, payOrderByLink, quoteLinkPage } from "./private-links.ts";
import { acceptQuote } from "./quote-checkout.ts";
import { setCheckoutCookie } from "./session.ts";

const tokenParams = z.object({ token: z.string() });

const refusals = {
  accepted: "This quote has already been accepted",
  expired: "This quote has expired",
  withdrawn: "This quote has been withdrawn",
  superseded: "This quote has been replaced by a newer one",
} as const;

/**
 * The pages found by their private link (`/api/shop/orders/:token`, `/api/shop/quotes/:token`,
 * packages/domain/src/shop-api/order-pages.ts and quotes.ts): the token is the key, so whoever holds
 * it may see and pay the order, or accept the quote; an unknown token is a 404 counted against the
 * caller (rate-limits.ts, linkMisses). Never cached.
 */
export const privateLinkShopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "private, no-store");
  });

  /** GET /api/shop/orders/:token?lang=: the order, its history and whether it may be paid now. */
  app.get(
    "/api/shop/orders/:token",
    {
      config: { rateLimit: "linkMisses" },
      schema: { params: tokenParams, querystring: orderPageQuery, response: { 200: orderPageAnswer } },
    },
    async (request) => {
      const page = await orderLinkPage(request, request.params.token, request.query.lang);
      if (!page) throw new AppError("not_found", "Order not found");
      return page;
    },
  );

  /** POST /api/shop/orders/:token/pay {}: Pay now, with the checkout cookie that takes the order to the payment step. */
  app.post(
    "/api/shop/orders/:token/pay",
    { config: { rateLimit: "payments" }, schema: { params: tokenParams, response: { 200: payOrderAnswer } } },
    async (request, reply) => {
      jsonBody(request);
      const sessionId = await payOrderByLink(request, request.params.token);
      setCheckoutCookie(reply, sessionId);
      return { next: "/checkout/payment" } as const;
    },
  );

  /** GET /api/shop/quotes/:token: the quote, its amounts and what the customer may do with it. */
  app.get(
    "/api/shop/quotes/:token",
    { config: { rateLimit: "linkMisses" }, schema: { params: tokenParams, response: { 200: quotePageAnswer } } },
    async (request) => {
      const quote = await quoteLinkPage(request, request.params.token);
      if (!quote) throw new AppError("not_found", "Quote not found");
      return quote;
    },
  );

  /**
   * POST /api/shop/quotes/:token/accept {}: this browser's checkout takes the quote (or its placed,
   * unpaid order), with the checkout cookie; a quote that can no longer be accepted is a 409 whose
   * `details.state` says why.
   */
  app.post(
    "/api/shop/quotes/:token/accept",
    { schema: { params: tokenParams, response: { 200: quoteAcceptAnswer } } },
    async (request, reply) => {
      jsonBody(request);
      const accepted = await acceptQuote(request, request.params.token);
      if ("refused" in accepted) {
        if (accepted.refused === "gone") throw new AppError("not_found", "Quote not found");
        throw new AppError("conflict", refusals[accepted.refused], { state: accepted.refused });
      }
      setCheckoutCookie(reply, accepted.sessionId);
      return { next: accepted.to };
    },
  );
};
