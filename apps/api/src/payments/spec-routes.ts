import { idParams } from "@workshop/domain/api-requests.ts";
import { apiOrderRefunds, apiRefund, apiRefundRequest, apiReturnRequest } from "@workshop/domain/spec-api/orders.ts";
import { BODY_LIMIT, hasBrokenText } from "@workshop/http/request-body.ts";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { checkedBodyOf, methodNotAllowed, wrongMethod } from "#server/plugins/json-api.ts";
import { orderRefunds, refundPayment } from "./refunds.ts";
import { recordReturn, returnOptions } from "./returns.ts";
import { receiveWebhook } from "./webhooks.ts";

/** Refunds and returns are for owners (the staff scope's guard; a machine holding ADMIN_API_TOKEN counts as one). */
const refunds = { role: "owner", forbidden: "Only an owner may refund a payment" } as const;

type OrderParams = { Params: { id: string } };

/**
 * A refund's body: a JSON object with the payment and the reason as text, else a 400 naming the
 * first that is missing; the other fields are refunds.ts's to judge (the OpenAPI document shows
 * apiRefundRequest).
 */
const refundBody = checkedBodyOf(
  z.object({
    paymentAttemptId: z.string(),
    reason: z.string(),
    amountUsdCents: z.unknown().optional(),
    way: z.unknown().optional(),
    reference: z.unknown().optional(),
    arrivesBy: z.unknown().optional(),
    note: z.unknown().optional(),
  }),
  {
    read: "as sent",
    documented: apiRefundRequest,
    refusal: (error) => new AppError("invalid", missingField(error, "{paymentAttemptId, reason}")),
  },
);

/** A return's body: a JSON object; its kind and note are returns.ts's to judge (the OpenAPI document shows apiReturnRequest). */
const returnBody = checkedBodyOf(z.object({ kind: z.unknown().optional(), note: z.unknown().optional() }), {
  read: "as sent",
  documented: apiReturnRequest,
  refusal: (error) => new AppError("invalid", missingField(error, "{kind, note}")),
});

/** What a body is refused for: not a JSON object (`wanted` says what is), or its first field missing. */
function missingField(error: z.ZodError, wanted: string): string {
  const field = error.issues[0]?.path[0];
  return field === undefined ? `The body must be JSON: ${wanted}` : `${String(field)} is required`;
}

/** The order's refunds, payments, money and return, as GET /api/orders/:id/refunds answers them; a 404 for no such order. */
async function refundsAnswer(orderId: string) {
  const [refunds, returns] = await Promise.all([orderRefunds(orderId), returnOptions(orderId)]);
  if (!refunds || !returns) throw new AppError("not_found", "Order not found");
  return { ...refunds, returns };
}

/** The payments' JSON endpoints for staff (SPEC 7), in the staff scope (spec-api.ts): refunds and returns. */
export const paymentsSpecStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/orders/:id/refunds (owners): the order's refunds, its payments with what each has left and how it may be refunded, its money and its return. */
  const refundsRead = { config: refunds, schema: { response: { 200: apiOrderRefunds } } };
  app.get<OrderParams>("/api/orders/:id/refunds", refundsRead, async (request, reply) => {
    return reply.header("Cache-Control", "no-store").send(await refundsAnswer(request.params.id));
  });

  /**
   * POST /api/orders/:id/refunds {paymentAttemptId, reason, amountUsdCents?, way?, reference?, arrivesBy?, note?}
   * (owners): all or part of a payment back, through Xendit or recorded as made by hand; 201 with the refund.
   */
  app.post(
    "/api/orders/:id/refunds",
    { config: refunds, schema: { params: idParams, body: refundBody, response: { 201: apiRefund } } },
    async (request, reply) => {
      const refund = await refundPayment({ ...request.body, orderId: request.params.id, actor: request.actor });
      // The refund as refund-views.ts reads it (its `way` the row's text): the serializer checks it against apiRefund.
      const answer: FastifyReply = reply;
      return answer.code(201).send(refund);
    },
  );
  app.route({
    method: ["PUT", "PATCH", "DELETE"],
    url: "/api/orders/:id/refunds",
    config: refunds,
    handler: wrongMethod("Use POST"),
  });

  /** POST /api/orders/:id/return {kind, note?} (owners): the hat came back; 201 with the order's refunds answer. */
  app.post(
    "/api/orders/:id/return",
    {
      config: { role: "owner", forbidden: "Only an owner may record a return" },
      schema: { params: idParams, body: returnBody, response: { 201: apiOrderRefunds } },
    },
    async (request, reply) => {
      const { kind, note } = request.body;
      await recordReturn({ orderId: request.params.id, kind, note, actor: request.actor });
      const answer: FastifyReply = reply; // as the refund's answer above
      return answer.code(201).send(await refundsAnswer(request.params.id));
    },
  );
  app.route({ method: ["GET", "PUT", "PATCH", "DELETE"], url: "/api/orders/:id/return", handler: methodNotAllowed("POST", "Use POST") });
};

/**
 * Xendit's webhook, in a scope of its own: its token is checked against the body's exact text, so
 * JSON is taken here as text (still JSON only, within BODY_LIMIT, with no NUL or unpaired surrogate).
 */
export const webhookSpecRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    const text = body as string;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(null, text); // the webhook answers malformed JSON itself
    }
    if (hasBrokenText(value))
      return done(new AppError("invalid", "Text in the body must not contain NUL characters or unpaired surrogates"));
    done(null, text);
  });

  /**
   * POST /api/xendit/webhook: checked, stored and answered at once; a job applies it. Xendit's
   * contract (its token and payloads), not one this API offers its callers: left out of the OpenAPI document.
   */
  app.post("/api/xendit/webhook", { config: { rateLimit: "webhooks" }, schema: { hide: true } }, async (request, reply) => {
    const raw = typeof request.body === "string" ? request.body : "";
    const header = (name: string) => {
      const value = request.headers[name];
      return (Array.isArray(value) ? value.join(", ") : value) ?? null;
    };
    const answer = await receiveWebhook(header("x-callback-token"), raw, header("webhook-id"));
    return reply.code(answer.status).send(answer.body);
  });
  app.route({
    method: ["GET", "PUT", "PATCH", "DELETE"],
    url: "/api/xendit/webhook",
    config: { rateLimit: "webhooks" },
    handler: methodNotAllowed("POST", "Use POST"),
  });
};
