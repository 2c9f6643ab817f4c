import { randomUUID } from "node:crypto";
import type { WebhookBody } from "./types.ts";

export type DeliverySettings = {
  /** Every event is delivered this many times, all with the same body (one webhook_id in the log). */
  duplicates: number;
  /** Hold events for holdMs, then deliver the batch last-first. */
  reverse: boolean;
  holdMs: number;
  /** Queue without sending until unpaused. */
  paused: boolean;
};

export type DeliveryLogEntry = {
  webhook_id: string;
  event: string;
  payment_request_id: string | null;
  /** 1 for the first try, 2 for the first retry, … */
  attempt: number;
  /** Which copy in duplicates mode (1 otherwise). */
  copy: number;
  status_code: number | null;
  error: string | null;
  delivered: boolean;
  /** When the next try is due, null when delivered or given up. */
  retry_in_ms: number | null;
  at: string;
};

type Delivery = { webhookId: string; body: WebhookBody; attempt: number; copy: number; dueAt: number; seq: number };

const defaults: DeliverySettings = { duplicates: 1, reverse: false, holdMs: 500, paused: false };
const TIMEOUT_MS = 5_000;
const LOG_LIMIT = 1_000;

/**
 * Sends webhooks to the shop the way Xendit does: POST JSON with x-callback-token (the only header
 * Xendit documents), the same body on retries; any non-2xx answer, network error or 5 s timeout is retried
 * after retryDelaysMs[n], then given up. One delivery at a time, oldest due first, so events go out
 * in the order they happened unless a test asks otherwise (reverse, duplicates, a retry).
 */
export function createWebhookSender(options: {
  callbackUrl?: string;
  callbackToken?: string;
  retryDelaysMs: number[];
  isoNow: () => string;
}) {
  let settings: DeliverySettings = { ...defaults };
  let queue: Delivery[] = [];
  let held: WebhookBody[] = [];
  const log: DeliveryLogEntry[] = [];
  let seq = 0;
  let pumping = false;
  let sending = false;
  let closed = false;
  let wakeTimer: NodeJS.Timeout | undefined;
  let holdTimer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const stop = new AbortController();

  function enqueue(body: WebhookBody, webhookId = randomUUID()): void {
    for (let copy = 1; copy <= settings.duplicates; copy++) {
      queue.push({ webhookId, body, attempt: 1, copy, dueAt: performance.now(), seq: seq++ });
    }
  }

  function releaseHeld(): void {
    clearTimeout(holdTimer);
    holdTimer = undefined;
    const batch = held.reverse();
    held = [];
    for (const body of batch) enqueue(body);
    void pump();
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (!closed && !settings.paused) {
        const next = nextDue();
        if (!next) break;
        queue = queue.filter((delivery) => delivery !== next);
        sending = true;
        inFlight = attempt(next);
        await inFlight;
        sending = false;
      }
    } finally {
      pumping = false;
    }
    scheduleWake();
  }

  function nextDue(): Delivery | undefined {
    const now = performance.now();
    let best: Delivery | undefined;
    for (const delivery of queue) {
      if (delivery.dueAt > now) continue;
      if (!best || delivery.dueAt < best.dueAt || (delivery.dueAt === best.dueAt && delivery.seq < best.seq)) best = delivery;
    }
    return best;
  }

  function scheduleWake(): void {
    clearTimeout(wakeTimer);
    wakeTimer = undefined;
    if (closed || settings.paused || queue.length === 0) return;
    const soonest = Math.min(...queue.map((delivery) => delivery.dueAt));
    wakeTimer = setTimeout(() => void pump(), Math.max(0, soonest - performance.now())).unref();
  }

  async function attempt(delivery: Delivery): Promise<void> {
    // Xendit documents one header, the callback token; the delivery id stays in the log.
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (options.callbackToken !== undefined) headers["x-callback-token"] = options.callbackToken;
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(options.callbackUrl ?? "", {
        method: "POST",
        headers,
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.any([AbortSignal.timeout(TIMEOUT_MS), stop.signal]),
      });
      statusCode = response.status;
      await response.body?.cancel();
    } catch (caught) {
      // fetch hides the reason (ECONNREFUSED, …) in its cause.
      const cause = caught instanceof Error && caught.cause instanceof Error ? ` (${caught.cause.message})` : "";
      error = caught instanceof Error ? `${caught.name}: ${caught.message}${cause}` : String(caught);
    }
    const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const delay = delivered ? undefined : options.retryDelaysMs[delivery.attempt - 1];
    record({
      webhook_id: delivery.webhookId,
      event: delivery.body.event,
      payment_request_id: typeof delivery.body.data.payment_request_id === "string" ? delivery.body.data.payment_request_id : null,
      attempt: delivery.attempt,
      copy: delivery.copy,
      status_code: statusCode,
      error,
      delivered,
      retry_in_ms: delay ?? null,
      at: options.isoNow(),
    });
    if (delay !== undefined && !closed) {
      queue.push({ ...delivery, attempt: delivery.attempt + 1, dueAt: performance.now() + delay, seq: seq++ });
    }
  }

  /** Forgets every delivery not yet made: a lost webhook. */
  function dropPending(): number {
    const dropped = queue.length + held.length;
    queue = [];
    held = [];
    clearTimeout(holdTimer);
    holdTimer = undefined;
    scheduleWake();
    return dropped;
  }

  function record(entry: DeliveryLogEntry): void {
    log.push(entry);
    if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT);
  }

  return {
    /** Queues one event; without a callbackUrl there is nowhere to send it, so nothing happens. */
    send(body: WebhookBody): void {
      if (!options.callbackUrl || closed) return;
      if (settings.reverse) {
        held.push(body);
        holdTimer ??= setTimeout(releaseHeld, settings.holdMs).unref();
        return;
      }
      enqueue(body);
      void pump();
    },
    settings: (): DeliverySettings => ({ ...settings }),
    configure(patch: Partial<DeliverySettings>): DeliverySettings {
      settings = { ...settings, ...patch };
      void pump();
      return { ...settings };
    },
    log: (): DeliveryLogEntry[] => [...log],
    /** True while a delivery is in flight, due now, or held back; retries due later do not count. */
    busy(): boolean {
      if (closed) return false;
      if (sending || held.length > 0) return true;
      const now = performance.now();
      return !settings.paused && queue.some((delivery) => delivery.dueAt <= now);
    },
    /** Deliveries waiting (queued, held back, or due for a retry). */
    pending: (): number => queue.length + held.length,
    dropPending,
    reset(): void {
      dropPending();
      log.length = 0;
      settings = { ...defaults };
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(wakeTimer);
      clearTimeout(holdTimer);
      stop.abort();
      await inFlight;
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
