import type { FastifyPluginAsync } from "fastify";
import type { Engine } from "./engine.ts";
import { invalid, noSuchPath } from "./errors.ts";
import { readJsonBodies } from "./request-bodies.ts";
import { failureCodes, type RefundStatus, refundFailureCodes, type WebhookEvent, webhookEvents } from "./types.ts";
import { isObject } from "./validate-create.ts";
import type { DeliverySettings, WebhookSender } from "./webhooks.ts";

type ById = { Params: { id: string } };

/**
 * Sandbox helpers for tests (mounted at /_control, no auth): pay, fail or expire a request, decide
 * how refunds end, send chosen webhooks, bend webhook delivery, move the clock, list and reset.
 */
export function controlRoutes(engine: Engine, webhooks: WebhookSender, advanceClock: (ms: number) => void): FastifyPluginAsync {
  return async (instance) => {
    readJsonBodies(instance);
    // `/_control` itself too, so the host's guard of this area sees it as one of its routes.
    for (const url of ["/", "/*"]) instance.all(url, noSuchPath("No such control endpoint", instance.prefix, "/_control"));

    instance.get("/payment_requests", (_request, reply) => {
      reply.send(engine.list());
    });
    instance.get<ById>("/payment_requests/:id", (request, reply) => {
      reply.send({ payment_request: engine.get(request.params.id), payments: engine.paymentsOf(request.params.id) });
    });
    instance.post<ById>("/payment_requests/:id/pay", (request, reply) => {
      const body = objectBody(request.body);
      if (body.amount !== undefined && (typeof body.amount !== "number" || !Number.isInteger(body.amount) || body.amount <= 0)) {
        throw invalid("amount must be a positive whole number");
      }
      if (body.currency !== undefined && (typeof body.currency !== "string" || !/^[A-Z]{3}$/.test(body.currency))) {
        throw invalid("currency must be a three-letter code such as IDR or USD");
      }
      reply.send(
        engine.pay(request.params.id, { amount: body.amount as number | undefined, currency: body.currency as string | undefined }),
      );
    });
    instance.post<ById>("/payment_requests/:id/fail", (request, reply) => {
      const code = objectBody(request.body).failure_code;
      if (typeof code !== "string" || !(failureCodes as readonly string[]).includes(code)) {
        throw invalid(`failure_code must be one of Xendit's codes: ${failureCodes.join(", ")}`);
      }
      reply.send(engine.fail(request.params.id, code));
    });
    instance.post<ById>("/payment_requests/:id/expire", (request, reply) => {
      reply.send(engine.expire(request.params.id));
    });
    instance.post<ById>("/payment_requests/:id/events", (request, reply) => {
      const parsed = parseEvents(objectBody(request.body).events, requestEvents);
      engine.sendEvents(request.params.id, parsed);
      reply.code(202).send({ queued: parsed.length });
    });

    instance.get("/sessions", (_request, reply) => {
      reply.send(engine.listSessions());
    });
    instance.post<ById>("/sessions/:id/pay", (request, reply) => {
      const body = objectBody(request.body);
      if (body.amount !== undefined && (typeof body.amount !== "number" || !Number.isInteger(body.amount) || body.amount <= 0)) {
        throw invalid("amount must be a positive whole number");
      }
      if (body.currency !== undefined && (typeof body.currency !== "string" || !/^[A-Z]{3}$/.test(body.currency))) {
        throw invalid("currency must be a three-letter code such as IDR or USD");
      }
      const session = engine.getSession(request.params.id);
      reply.send(
        engine.paySession(request.params.id, {
          status: "SUCCEEDED",
          amount: (body.amount as number | undefined) ?? session.amount,
          currency: (body.currency as string | undefined) ?? session.currency,
        }),
      );
    });
    instance.post<ById>("/sessions/:id/fail", (request, reply) => {
      const code = objectBody(request.body).failure_code;
      if (typeof code !== "string" || !(failureCodes as readonly string[]).includes(code)) {
        throw invalid(`failure_code must be one of Xendit's codes: ${failureCodes.join(", ")}`);
      }
      reply.send(engine.paySession(request.params.id, { status: "FAILED", failureCode: code }));
    });
    instance.post<ById>("/sessions/:id/expire", (request, reply) => {
      reply.send(engine.expireSession(request.params.id));
    });
    instance.post<ById>("/sessions/:id/events", (request, reply) => {
      const events = parseEvents(objectBody(request.body).events, sessionEvents);
      engine.sendSessionEvents(request.params.id, events);
      reply.code(202).send({ queued: events.length });
    });

    instance.get("/refunds", (_request, reply) => {
      reply.send({ outcome: engine.refundOutcome(), refunds: engine.listRefunds() });
    });
    // What becomes of refunds created from now on: SUCCEEDED (the default), FAILED with a code, or
    // PENDING (no webhook until /refunds/:id/succeed or /fail).
    instance.post("/refunds/outcome", (request, reply) => {
      const { status, failure_code: code = "REFUND_FAILED" } = objectBody(request.body);
      if (status !== "SUCCEEDED" && status !== "FAILED" && status !== "PENDING")
        throw invalid("status must be SUCCEEDED, FAILED or PENDING");
      reply.send(engine.setRefundOutcome({ status: status as RefundStatus, failureCode: refundFailureCode(code) }));
    });
    instance.post<ById>("/refunds/:id/succeed", (request, reply) => {
      reply.send(engine.succeedRefund(request.params.id));
    });
    instance.post<ById>("/refunds/:id/fail", (request, reply) => {
      reply.send(engine.failRefund(request.params.id, refundFailureCode(objectBody(request.body).failure_code ?? "REFUND_FAILED")));
    });

    instance.get("/webhooks", (_request, reply) => {
      reply.send({ settings: webhooks.settings(), pending: webhooks.pending(), log: webhooks.log() });
    });
    instance.post("/webhooks", (request, reply) => {
      reply.send(webhooks.configure(parseSettings(objectBody(request.body))));
    });
    instance.delete("/webhooks/pending", (_request, reply) => {
      reply.send({ dropped: webhooks.dropPending() });
    });

    instance.post("/clock", (request, reply) => {
      const seconds = objectBody(request.body).advanceSeconds;
      if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0)
        throw invalid("advanceSeconds must be a number of seconds, 0 or more");
      advanceClock(seconds * 1000);
      engine.sweep();
      reply.send({ now: new Date(engine.now()).toISOString() });
    });
    instance.post("/reset", (_request, reply) => {
      engine.reset();
      webhooks.reset();
      reply.send({ reset: true });
    });
  };
}

function refundFailureCode(code: unknown): string {
  if (typeof code !== "string" || !(refundFailureCodes as readonly string[]).includes(code))
    throw invalid(`failure_code must be one of Xendit's refund failure codes: ${refundFailureCodes.join(", ")}`);
  return code;
}

function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (!isObject(body)) throw invalid("The body must be a JSON object");
  return body;
}

function parseSettings(body: Record<string, unknown>): Partial<DeliverySettings> {
  const patch: Partial<DeliverySettings> = {};
  const { duplicates, reverse, holdMs, paused } = body;
  if (duplicates !== undefined) {
    if (typeof duplicates !== "number" || !Number.isInteger(duplicates) || duplicates < 1 || duplicates > 10)
      throw invalid("duplicates must be a whole number from 1 to 10");
    patch.duplicates = duplicates;
  }
  if (reverse !== undefined) {
    if (typeof reverse !== "boolean") throw invalid("reverse must be true or false");
    patch.reverse = reverse;
  }
  if (holdMs !== undefined) {
    if (typeof holdMs !== "number" || !Number.isInteger(holdMs) || holdMs < 0 || holdMs > 60_000)
      throw invalid("holdMs must be a whole number of milliseconds up to 60000");
    patch.holdMs = holdMs;
  }
  if (paused !== undefined) {
    if (typeof paused !== "boolean") throw invalid("paused must be true or false");
    patch.paused = paused;
  }
  return patch;
}

const sessionEvents: readonly WebhookEvent[] = webhookEvents.filter((event) => event.startsWith("payment_session."));
const requestEvents: readonly WebhookEvent[] = webhookEvents.filter((event) => !event.startsWith("payment_session."));

function parseEvents(events: unknown, allowed: readonly WebhookEvent[]): Array<{ event: WebhookEvent; data?: Record<string, unknown> }> {
  if (!Array.isArray(events) || events.length === 0) throw invalid("events must be a non-empty array of {event, data?}");
  return events.map((item: unknown, index) => {
    if (!isObject(item) || !(allowed as readonly unknown[]).includes(item.event)) {
      throw invalid(`events[${index}].event must be one of ${allowed.join(", ")}`);
    }
    if (item.data !== undefined && !isObject(item.data)) throw invalid(`events[${index}].data must be an object`);
    return { event: item.event as WebhookEvent, data: item.data as Record<string, unknown> | undefined };
  });
}
