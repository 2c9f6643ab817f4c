import { apiOrderRefunds, apiRefund } from "@workshop/domain/spec-api/orders.ts";
import { BODY_LIMIT, hasBrokenText } from "@workshop/http/request-body.ts";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Actor } from "#server/audit/actor.ts";
import { AppError } from "#server/errors.ts";
import { orderById } from "#server/orders/queries.ts";
import { bodyOrNull, methodNotAllowed, wrongMethod } from "#server/plugins/json-api.ts";
import { requireStaffRoute } from "#server/staff/guard.ts";
import { refundableAttempts, refundPayment, refundsOf } from "./refunds.ts";
import { receiveWebhook } from "./webhooks.ts";

/** Refunds are for owners; a machine holding ADMIN_API_TOKEN counts as one. */
function requireOwnerApi(actor: Actor): void {
  if (actor.role !== "owner" && actor.role !== "machine") throw new AppError("forbidden", "Only an owner may refund a payment");
}

const requireOwnerRoute = async (request: FastifyRequest) => {
  const actor = await requireStaffRoute(request);
  requireOwnerApi(actor);
  return actor;
};

type OrderParams = { Params: { id: string } };

/** The payments' JSON endpoints: refunds and Xendit's webhook. */
export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/orders/:id/refunds (owners): the order's refunds and which payments may be refunded, and why. */
  app.get<OrderParams>("/api/orders/:id/refunds", { schema: { response: { 200: apiOrderRefunds } } }, async (request) => {
    await requireOwnerRoute(request);
    const { id } = request.params;
    if (!(await orderById(id))) throw new AppError("not_found", "Order not found");
    const [refunds, payments] = await Promise.all([refundsOf(id), refundableAttempts(id)]);
    return { refunds, payments };
  });

  /** POST /api/orders/:id/refunds {paymentAttemptId, reason} (owners): refunds that payment in full; 201 with the refund. */
  app.post<OrderParams>("/api/orders/:id/refunds", { schema: { response: { 201: apiRefund } } }, async (request, reply) => {
    const actor = await requireOwnerRoute(request);
    const body = bodyOrNull(request) as { paymentAttemptId?: unknown; reason?: unknown } | null;
    if (typeof body !== "object" || body === null) throw new AppError("invalid", "The body must be JSON: {paymentAttemptId, reason}");
    if (typeof body.paymentAttemptId !== "string") throw new AppError("invalid", "paymentAttemptId is required");
    if (typeof body.reason !== "string") throw new AppError("invalid", "reason is required");
    const refund = await refundPayment({ orderId: request.params.id, paymentAttemptId: body.paymentAttemptId, reason: body.reason, actor });
    return reply.code(201).send(refund);
  });
  app.route({ method: ["PUT", "PATCH", "DELETE"], url: "/api/orders/:id/refunds", handler: wrongMethod("Use POST", requireOwnerRoute) });

  await app.register(webhookRoutes);
};

/**
 * Xendit's webhook, in a scope of its own: its token is checked against the body's exact text, so
 * JSON is taken here as text (still JSON only, within BODY_LIMIT, with no NUL or unpaired surrogate).
 */
const webhookRoutes: FastifyPluginAsync = async (app) => {
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
  app.post("/api/xendit/webhook", { schema: { hide: true } }, async (request, reply) => {
    const raw = typeof request.body === "string" ? request.body : "";
    const header = (name: string) => {
      const value = request.headers[name];
      return (Array.isArray(value) ? value.join(", ") : value) ?? null;
    };
    const answer = await receiveWebhook(header("x-callback-token"), raw, header("webhook-id"));
    return reply.code(answer.status).send(answer.body);
  });
  app.route({ method: ["GET", "PUT", "PATCH", "DELETE"], url: "/api/xendit/webhook", handler: methodNotAllowed("POST", "Use POST") });
};
