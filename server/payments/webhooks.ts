import { eq, isNull, sql } from "drizzle-orm";
import { getDb } from "../db/client.ts";
import { xenditEvents } from "../db/schema.ts";
import { defineJob, type Tx } from "../jobs/index.ts";
import { applyProviderUpdate, type ProviderUpdate, type UpdateOutcome } from "./provider-updates.ts";
import { isCallbackToken } from "./xendit/connection.ts";

/**
 * Xendit's webhooks, in two steps (STYLE 7): `receiveWebhook` checks the token, stores the raw
 * event and answers at once; `processWebhookEvents` applies stored events, idempotently. The
 * events table is the queue: an event is processed when its row says so, whichever instance or
 * restart gets to it.
 */
export type WebhookAnswer = { status: 200 | 400 | 401; body: { received?: true; duplicate?: boolean; error?: string } };

type EventBody = { event?: unknown; data?: Record<string, unknown> };

export async function receiveWebhook(token: string | null, rawBody: string, webhookId: string | null): Promise<WebhookAnswer> {
  if (!isCallbackToken(token)) return { status: 401, body: { error: "Invalid callback token" } };
  let body: EventBody;
  try {
    body = JSON.parse(rawBody) as EventBody;
  } catch {
    return { status: 400, body: { error: "The body is not JSON" } };
  }
  if (typeof body !== "object" || body === null || typeof body.event !== "string" || typeof body.data !== "object" || body.data === null) {
    return { status: 400, body: { error: "An event needs `event` and `data`" } };
  }
  const data = body.data;
  const key = [data.payment_id, data.payment_request_id, data.id, webhookId].find((v) => typeof v === "string" && v.length > 0) as string | undefined;
  if (!key) return { status: 400, body: { error: "The event names no payment" } };
  const db = await getDb();
  const stored = await db
    .insert(xenditEvents)
    .values({ dedupeKey: `${body.event}:${key}`.slice(0, 300), event: body.event.slice(0, 100), webhookId: webhookId?.slice(0, 100) ?? null, body: body as Record<string, unknown> })
    .onConflictDoNothing({ target: xenditEvents.dedupeKey })
    .returning({ id: xenditEvents.id });
  if (stored.length > 0) wakeProcessor();
  return { status: 200, body: { received: true, duplicate: stored.length === 0 } };
}

/** What an event says, or null for events the shop does not act on (authorisations, tokens, …). */
export function updateOfEvent(body: EventBody): (ProviderUpdate & { requestId: string | null }) | null {
  const data = body.data ?? {};
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  const requestId = str(data.payment_request_id);
  const common = { requestId, referenceId: str(data.reference_id), paymentId: str(data.payment_id), source: `webhook ${String(body.event)}` };
  switch (body.event) {
    case "payment.capture":
    case "payment.succeeded": {
      const captures = Array.isArray(data.captures) ? (data.captures as { capture_amount?: unknown }[]) : [];
      const captured = captures.reduce((sum, c) => sum + (typeof c.capture_amount === "number" ? c.capture_amount : 0), 0);
      const asked = typeof data.request_amount === "number" ? data.request_amount : typeof data.amount === "number" ? data.amount : null;
      return { ...common, status: "SUCCEEDED", amount: captured || asked, currency: str(data.currency) };
    }
    case "payment.failure":
    case "payment.failed":
      return { ...common, status: "FAILED", failureCode: str(data.failure_code) };
    case "payment_request.expiry":
    case "payment_request.expired":
    case "payment.expiry":
      return { ...common, paymentId: null, status: "EXPIRED", failureCode: str(data.failure_code) };
    default:
      return null;
  }
}

/** Applies one stored event inside the transaction that marks it processed. */
async function processEvent(tx: Tx, event: typeof xenditEvents.$inferSelect): Promise<void> {
  const update = updateOfEvent(event.body as EventBody);
  let result: Pick<UpdateOutcome, "outcome" | "flag">;
  if (!update) result = { outcome: "ignored" };
  else if (!update.requestId) result = { outcome: "flagged", flag: "no payment request id" };
  else result = await applyProviderUpdate(update.requestId, update, tx);
  await tx
    .update(xenditEvents)
    .set({ processedAt: sql`now()`, outcome: result.outcome, flag: result.flag ?? null })
    .where(eq(xenditEvents.id, event.id));
}

/**
 * Processes stored events oldest first, one transaction each, until none is left. Rows are taken
 * with SKIP LOCKED, so instances sharing a database never process one event twice.
 */
export async function processWebhookEvents(): Promise<number> {
  const db = await getDb();
  let processed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [event] = await tx.select().from(xenditEvents).where(isNull(xenditEvents.processedAt)).orderBy(xenditEvents.id).limit(1).for("update", { skipLocked: true });
      if (!event) return false;
      await processEvent(tx, event);
      return true;
    });
    if (!done) return processed;
    processed++;
  }
}

let running: Promise<void> | null = null;
let again = false;

/** Starts processing now in this process (after a webhook is stored); one run at a time. */
function wakeProcessor(): void {
  if (running) {
    again = true;
    return;
  }
  running = (async () => {
    do {
      again = false;
      try {
        await processWebhookEvents();
      } catch (error) {
        // The event stays unprocessed; the sweep below tries again.
        console.error("Processing Xendit events:", error);
      }
    } while (again);
  })().finally(() => {
    running = null;
  });
}

/** Settles when this process has processed what it was woken for (tests, shutdown). */
export async function webhookProcessingIdle(): Promise<void> {
  while (running) await running;
}

/** Every minute: events a crash or an error left unprocessed. */
export const webhookEventsSweep = defineJob(
  "xendit-events-sweep",
  async () => {
    await processWebhookEvents();
  },
  { schedule: { cron: "* * * * *" }, queue: { policy: "singleton", retryLimit: 0 } },
);
