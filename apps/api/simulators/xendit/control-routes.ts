import express from "express";
import type { Engine } from "./engine.ts";
import { invalid, XenditError } from "./errors.ts";
import { failureCodes, type RefundStatus, refundFailureCodes, type WebhookEvent, webhookEvents } from "./types.ts";
import { isObject } from "./validate-create.ts";
import type { DeliverySettings, WebhookSender } from "./webhooks.ts";

/**
 * Sandbox helpers for tests (mounted at /_control, no auth): pay, fail or expire a request, decide
 * how refunds end, send chosen webhooks, bend webhook delivery, move the clock, list and reset.
 */
export function controlRoutes(engine: Engine, webhooks: WebhookSender, advanceClock: (ms: number) => void): express.Router {
  const router = express.Router();

  router.get("/payment_requests", (_req, res) => {
    res.json(engine.list());
  });
  router.get("/payment_requests/:id", (req, res) => {
    res.json({ payment_request: engine.get(req.params.id), payments: engine.paymentsOf(req.params.id) });
  });
  router.post("/payment_requests/:id/pay", (req, res) => {
    const body = objectBody(req.body);
    if (body.amount !== undefined && (typeof body.amount !== "number" || !Number.isInteger(body.amount) || body.amount <= 0)) {
      throw invalid("amount must be a positive whole number");
    }
    if (body.currency !== undefined && (typeof body.currency !== "string" || !/^[A-Z]{3}$/.test(body.currency))) {
      throw invalid("currency must be a three-letter code such as IDR or USD");
    }
    res.json(engine.pay(req.params.id, { amount: body.amount as number | undefined, currency: body.currency as string | undefined }));
  });
  router.post("/payment_requests/:id/fail", (req, res) => {
    const code = objectBody(req.body).failure_code;
    if (typeof code !== "string" || !(failureCodes as readonly string[]).includes(code)) {
      throw invalid(`failure_code must be one of Xendit's codes: ${failureCodes.join(", ")}`);
    }
    res.json(engine.fail(req.params.id, code));
  });
  router.post("/payment_requests/:id/expire", (req, res) => {
    res.json(engine.expire(req.params.id));
  });
  router.post("/payment_requests/:id/events", (req, res) => {
    const parsed = parseEvents(objectBody(req.body).events, requestEvents);
    engine.sendEvents(req.params.id, parsed);
    res.status(202).json({ queued: parsed.length });
  });

  router.get("/sessions", (_req, res) => {
    res.json(engine.listSessions());
  });
  router.post("/sessions/:id/pay", (req, res) => {
    const body = objectBody(req.body);
    if (body.amount !== undefined && (typeof body.amount !== "number" || !Number.isInteger(body.amount) || body.amount <= 0)) {
      throw invalid("amount must be a positive whole number");
    }
    if (body.currency !== undefined && (typeof body.currency !== "string" || !/^[A-Z]{3}$/.test(body.currency))) {
      throw invalid("currency must be a three-letter code such as IDR or USD");
    }
    const session = engine.getSession(req.params.id);
    res.json(
      engine.paySession(req.params.id, {
        status: "SUCCEEDED",
        amount: (body.amount as number | undefined) ?? session.amount,
        currency: (body.currency as string | undefined) ?? session.currency,
      }),
    );
  });
  router.post("/sessions/:id/fail", (req, res) => {
    const code = objectBody(req.body).failure_code;
    if (typeof code !== "string" || !(failureCodes as readonly string[]).includes(code)) {
      throw invalid(`failure_code must be one of Xendit's codes: ${failureCodes.join(", ")}`);
    }
    res.json(engine.paySession(req.params.id, { status: "FAILED", failureCode: code }));
  });
  router.post("/sessions/:id/expire", (req, res) => {
    res.json(engine.expireSession(req.params.id));
  });
  router.post("/sessions/:id/events", (req, res) => {
    const events = parseEvents(objectBody(req.body).events, sessionEvents);
    engine.sendSessionEvents(req.params.id, events);
    res.status(202).json({ queued: events.length });
  });

  router.get("/refunds", (_req, res) => {
    res.json({ outcome: engine.refundOutcome(), refunds: engine.listRefunds() });
  });
  // What becomes of refunds created from now on: SUCCEEDED (the default), FAILED with a code, or
  // PENDING (no webhook until /refunds/:id/succeed or /fail).
  router.post("/refunds/outcome", (req, res) => {
    const { status, failure_code: code = "REFUND_FAILED" } = objectBody(req.body);
    if (status !== "SUCCEEDED" && status !== "FAILED" && status !== "PENDING") throw invalid("status must be SUCCEEDED, FAILED or PENDING");
    res.json(engine.setRefundOutcome({ status: status as RefundStatus, failureCode: refundFailureCode(code) }));
  });
  router.post("/refunds/:id/succeed", (req, res) => {
    res.json(engine.succeedRefund(req.params.id));
  });
  router.post("/refunds/:id/fail", (req, res) => {
    res.json(engine.failRefund(req.params.id, refundFailureCode(objectBody(req.body).failure_code ?? "REFUND_FAILED")));
  });

  router.get("/webhooks", (_req, res) => {
    res.json({ settings: webhooks.settings(), pending: webhooks.pending(), log: webhooks.log() });
  });
  router.post("/webhooks", (req, res) => {
    res.json(webhooks.configure(parseSettings(objectBody(req.body))));
  });
  router.delete("/webhooks/pending", (_req, res) => {
    res.json({ dropped: webhooks.dropPending() });
  });

  router.post("/clock", (req, res) => {
    const seconds = objectBody(req.body).advanceSeconds;
    if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0)
      throw invalid("advanceSeconds must be a number of seconds, 0 or more");
    advanceClock(seconds * 1000);
    engine.sweep();
    res.json({ now: new Date(engine.now()).toISOString() });
  });
  router.post("/reset", (_req, res) => {
    engine.reset();
    webhooks.reset();
    res.json({ reset: true });
  });
  router.use((req) => {
    throw new XenditError(404, "NOT_FOUND", `No such control endpoint: ${req.method} /_control${req.path}`);
  });
  return router;
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
