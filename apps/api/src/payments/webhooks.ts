import { sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Row } from "#server/db/types.ts";
import { defineJob } from "#server/jobs/index.ts";
import { applyProviderUpdate, noteSessionFailure, type ProviderUpdate, type UpdateOutcome } from "./provider-updates.ts";
import { isRefundEvent, refundOfEvent, settleRefund } from "./refund-updates.ts";
import { isSessionId } from "./xendit/channels.ts";
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
  // A refund event is keyed on the refund (one payment may have several); the rest on the payment.
  const refund = isRefundEvent(body.event) ? refundOfEvent(body) : null;
  const key = (
    isRefundEvent(body.event)
      ? [refund?.xenditRefundId, refund?.referenceId]
      : [data.payment_id, data.payment_request_id, data.payment_session_id, webhookId]
  ).find((v) => typeof v === "string" && v.length > 0) as string | undefined;
  if (!key) return { status: 400, body: { error: isRefundEvent(body.event) ? "The event names no refund" : "The event names no payment" } };
  const dedupeKey = `${body.event}:${key}`.slice(0, 300);
  const db = await getDb();
  const stored = await db
    .insertInto("xenditEvents")
    .values({
      dedupeKey,
      event: body.event.slice(0, 100),
      webhookId: webhookId?.slice(0, 100) ?? null,
      body: json(body as Record<string, unknown>),
    })
    .onConflict((oc) => oc.column("dedupeKey").doNothing())
    .returning("id")
    .execute();
  if (stored.length > 0) wakeProcessor();
  else {
    // A retry of an event stored but never processed (the process stopped in between): process it
    // now rather than at the next sweep.
    const earlier = await db
      .selectFrom("xenditEvents")
      .select("processedAt")
      .where("dedupeKey", "=", dedupeKey)
      .limit(1)
      .executeTakeFirst();
    if (earlier && earlier.processedAt === null) wakeProcessor();
  }
  return { status: 200, body: { received: true, duplicate: stored.length === 0 } };
}

/**
 * What an event says, or null for events the shop does not act on. Exactly the events Xendit
 * documents for what the shop creates (docs/decisions/009):
 * - payment.capture: money collected (checked against the order before anything is marked paid);
 * - payment.failure: a payment attempt failed (for a payment request, the request is over);
 * - payment_request.expiry: the payment request expired unpaid;
 * - payment_session.completed / payment_session.expired: a hosted checkout session ended.
 * Refund events (refund.succeeded / refund.failed) are read by refund-updates.ts instead.
 * payment.authorization and payment.expiry concern authorisations (reserved money and the end of
 * that reservation), which the shop never asks for (capture is automatic): recorded, not acted on.
 */
export function updateOfEvent(body: EventBody): (ProviderUpdate & { requestId: string | null }) | null {
  const data = body.data ?? {};
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  const common = {
    referenceId: str(data.reference_id),
    paymentId: str(data.payment_id),
    currency: data.currency ?? null,
    source: `webhook ${String(body.event)}`,
  };
  switch (body.event) {
    case "payment.capture":
      return { ...common, requestId: str(data.payment_request_id), status: "SUCCEEDED", amount: capturedAmount(data) };
    case "payment.failure":
      return { ...common, requestId: str(data.payment_request_id), status: "FAILED", failureCode: str(data.failure_code) };
    case "payment_request.expiry":
      return {
        ...common,
        requestId: str(data.payment_request_id),
        paymentId: null,
        status: "EXPIRED",
        failureCode: str(data.failure_code),
      };
    case "payment_session.completed":
      return { ...common, requestId: str(data.payment_session_id), status: "SUCCEEDED", amount: data.amount ?? null };
    case "payment_session.expired":
      return { ...common, requestId: str(data.payment_session_id), paymentId: null, status: "EXPIRED", failureCode: "SESSION_EXPIRED" };
    default:
      return null;
  }
}

/**
 * What a capture event says was collected: the sum of its captures when it lists them (all must be
 * numbers), else its request_amount as sent. Anything but a number is passed on as it is, so the
 * amount check flags it instead of reading it as "no amount given".
 */
function capturedAmount(data: Record<string, unknown>): unknown {
  const captures = Array.isArray(data.captures) ? (data.captures as { capture_amount?: unknown }[]) : [];
  if (captures.length === 0) return data.request_amount ?? null;
  let sum = 0;
  for (const capture of captures) {
    if (typeof capture?.capture_amount !== "number") return capture?.capture_amount ?? null;
    sum += capture.capture_amount;
  }
  return sum;
}

type StoredEvent = Row<"xenditEvents">;
type Result = Pick<UpdateOutcome, "outcome" | "flag">;

/**
 * Applies a batch of stored events inside the transaction that marks them processed. Events that
 * need no change (kinds the shop does not act on, payments it does not know) are settled with one
 * statement per kind of result; the others go through applyProviderUpdate one by one.
 */
async function processEvents(tx: Tx, events: StoredEvent[]): Promise<void> {
  const updates = events.map((event) => ({ event, update: updateOfEvent(event.body as EventBody) }));
  const requestIds = [...new Set(updates.flatMap(({ update }) => (update?.requestId ? [update.requestId] : [])))];
  const known = new Set(
    requestIds.length === 0
      ? []
      : (await tx.selectFrom("paymentAttempts").select("xenditRequestId as id").where("xenditRequestId", "in", requestIds).execute()).map(
          (r) => r.id,
        ),
  );
  const settled = new Map<string, { result: Result; ids: number[] }>();
  const settle = (id: number, result: Result) => {
    const key = `${result.outcome}|${result.flag ?? ""}`;
    const entry = settled.get(key) ?? { result, ids: [] };
    entry.ids.push(id);
    settled.set(key, entry);
  };
  for (const { event, update } of updates) {
    if (isRefundEvent(event.event)) {
      const refund = refundOfEvent(event.body as EventBody);
      settle(event.id, refund ? await settleRefund(tx, refund) : { outcome: "flagged", flag: "no refund id" });
    } else if (!update) settle(event.id, { outcome: "ignored" });
    else if (!update.requestId) settle(event.id, { outcome: "flagged", flag: "no payment request id" });
    else if (known.has(update.requestId)) settle(event.id, await applyProviderUpdate(update.requestId, update, tx));
    else {
      // A card payment made inside a payment session has a payment request of Xendit's own: the
      // session is found by the reference id it shares.
      const sessionId = await sessionOfReference(tx, update.referenceId);
      if (!sessionId) settle(event.id, { outcome: "flagged", flag: "unknown payment request" });
      else if (update.status === "SUCCEEDED") settle(event.id, await applyProviderUpdate(sessionId, update, tx));
      // A failed card does not end the session: the customer may try another card on its page.
      else if (update.status === "FAILED") settle(event.id, await noteSessionFailure(sessionId, update, tx));
      else settle(event.id, { outcome: "ignored" });
    }
  }
  for (const { result, ids } of settled.values()) {
    await tx
      .updateTable("xenditEvents")
      .set({ processedAt: sql`now()`, outcome: result.outcome, flag: result.flag ?? null })
      .where("id", "in", ids)
      .execute();
  }
}

/** The payment session (ps-…) of the attempt a reference id (`<order id>:<attempt>`) names, or null. */
async function sessionOfReference(tx: Tx, referenceId: string | null | undefined): Promise<string | null> {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\d{1,4})$/i.exec(referenceId ?? "");
  if (!match) return null;
  const row = await tx
    .selectFrom("paymentAttempts")
    .select("xenditRequestId as id")
    .where("orderId", "=", match[1]!)
    .where("attempt", "=", Number(match[2]))
    .limit(1)
    .executeTakeFirst();
  return isSessionId(row?.id) ? row!.id : null;
}

/**
 * Processes stored events oldest first until none is left, up to 50 per transaction (a burst of
 * webhooks costs one commit per batch, not per event). Rows are taken with SKIP LOCKED, so
 * instances sharing a database never process one event twice. An event that fails on its own is
 * marked `error` and left to the reconciliation job, which asks Xendit: it never blocks the rest.
 */
export async function processWebhookEvents(): Promise<number> {
  let processed = 0;
  for (;;) {
    let n: number;
    try {
      n = await processBatch(BATCH);
    } catch (error) {
      console.error("Processing a batch of Xendit events failed; retrying them one by one:", error);
      n = await processAlone();
    }
    if (n === 0) return processed;
    processed += n;
  }
}

const BATCH = 50;

async function processBatch(limit: number): Promise<number> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const events = await tx
      .selectFrom("xenditEvents")
      .selectAll()
      .where("processedAt", "is", null)
      .orderBy("id")
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    await processEvents(tx, events);
    return events.length;
  });
}

/** The oldest event alone; if it fails again it is marked and set aside. */
async function processAlone(): Promise<number> {
  try {
    return await processBatch(1);
  } catch (error) {
    const db = await getDb();
    const event = await db
      .selectFrom("xenditEvents")
      .select("id")
      .where("processedAt", "is", null)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!event) return 0;
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable("xenditEvents")
      .set({ processedAt: sql`now()`, outcome: "error", flag: message.slice(0, 500) })
      .where("id", "=", event.id)
      .execute();
    return 1;
  }
}

/** Webhooks come in bursts: gathering them for a moment makes one batch of many, not many of one. */
const GATHER_MS = 50;
let timer: NodeJS.Timeout | null = null;
let running: Promise<void> | null = null;

/** Processing starts shortly after a webhook is stored, in this process; one run at a time. */
function wakeProcessor(): void {
  if (timer) return;
  timer = setTimeout(() => {
    const previous = running;
    const run = (async () => {
      await previous;
      timer = null;
      try {
        await processWebhookEvents();
      } catch (error) {
        // The events stay unprocessed; the sweep below tries again.
        console.error("Processing Xendit events:", error);
      }
    })();
    running = run;
    void run.finally(() => {
      if (running === run) running = null;
    });
  }, GATHER_MS);
}

/** Settles when this process has processed what it was woken for (tests, shutdown). */
export async function webhookProcessingIdle(): Promise<void> {
  while (timer || running) await (running ?? new Promise((r) => setTimeout(r, GATHER_MS)));
}

/** Every minute: events a crash or an error left unprocessed. */
defineJob(
  "xendit-events-sweep",
  async () => {
    await processWebhookEvents();
  },
  { schedule: { cron: "* * * * *" }, queue: { policy: "singleton", retryLimit: 0 } },
);
