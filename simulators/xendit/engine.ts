import { createHash, randomUUID } from "node:crypto";
import { buildActions } from "./actions.ts";
import { inactive, invalid, notFound, XenditError } from "./errors.ts";
import { creationFailureFor } from "./magic-amounts.ts";
import { buildPayment, type CardUsed, type PaymentOutcome } from "./payments.ts";
import type { Store } from "./store.ts";
import type { Payment, PaymentRequest, PaymentRequestStatus, WebhookBody, WebhookEvent } from "./types.ts";
import { isObject, validateCreate } from "./validate-create.ts";
import type { WebhookSender } from "./webhooks.ts";

export type EngineDeps = {
  store: Store;
  webhooks: WebhookSender;
  /** The simulator's clock in ms: the options' clock plus the control API's offset. */
  now: () => number;
  businessId: string;
  publicUrl: string;
  simulateDelayMs: number;
};

export type Engine = ReturnType<typeof createEngine>;

/**
 * The payment request lifecycle: REQUIRES_ACTION → SUCCEEDED | FAILED | CANCELED | EXPIRED.
 * Every move goes through here, so each one is stored, persisted and (when Xendit would) announced
 * by exactly one webhook.
 */
export function createEngine({ store, webhooks, now, businessId, publicUrl, simulateDelayMs }: EngineDeps) {
  const timers = new Set<NodeJS.Timeout>();
  const iso = () => new Date(now()).toISOString();

  function create(body: unknown, idempotencyKey: string | undefined): PaymentRequest {
    const bodyHash = idempotencyKey === undefined ? "" : hash(body);
    if (idempotencyKey !== undefined) {
      const earlier = store.idempotency.get(idempotencyKey);
      if (earlier && earlier.bodyHash !== bodyHash) {
        throw new XenditError(409, "IDEMPOTENCY_ERROR", `idempotency-key ${idempotencyKey} was already used with a different request body`);
      }
      if (earlier) return get(earlier.paymentRequestId);
    }
    const at = now();
    const input = validateCreate(body, at);
    if (input.channel.code === "CARDS") {
      for (const other of store.paymentRequests.values()) {
        if (other.channel_code === "CARDS" && other.reference_id === input.reference_id) {
          throw new XenditError(409, "DUPLICATE_ERROR", `reference_id ${input.reference_id} was already used for a CARDS payment request; it must be unique`);
        }
      }
    }
    const failure = creationFailureFor(input.channel, input.request_amount);
    if (failure) throw failure;

    const id = `pr-${randomUUID()}`;
    const { actions, properties } = buildActions({
      channel: input.channel,
      id,
      amount: input.request_amount,
      properties: input.channel_properties,
      payPageUrl: `${publicUrl}/pay/${id}`,
      taken: (value) => codeTaken(value),
    });
    const created = new Date(at).toISOString();
    const request: PaymentRequest = {
      business_id: businessId,
      reference_id: input.reference_id,
      payment_request_id: id,
      latest_payment_id: null,
      type: "PAY",
      country: "ID",
      currency: "IDR",
      request_amount: input.request_amount,
      capture_method: "AUTOMATIC",
      channel_code: input.channel.code,
      channel_properties: properties,
      actions,
      status: "REQUIRES_ACTION",
      failure_code: null,
      description: input.description,
      metadata: input.metadata,
      created,
      updated: created,
    };
    store.paymentRequests.set(id, request);
    if (idempotencyKey !== undefined) store.idempotency.set(idempotencyKey, { bodyHash, paymentRequestId: id });
    store.changed();
    return request;
  }

  function codeTaken(value: string): boolean {
    for (const request of store.paymentRequests.values()) {
      if (request.actions.some((action) => action.value === value)) return true;
    }
    return false;
  }

  /** A request as it is now: one past its expiry is expired first (lazily, as Xendit's reads show). */
  function get(id: string): PaymentRequest {
    const request = store.paymentRequests.get(id);
    if (!request) throw notFound("Payment request", id);
    expireIfDue(request);
    return request;
  }

  function getActive(id: string): PaymentRequest {
    const request = get(id);
    if (request.status !== "REQUIRES_ACTION") throw inactive(id, request.status);
    return request;
  }

  function expireIfDue(request: PaymentRequest): void {
    const expiresAt = Date.parse(String(request.channel_properties.expires_at));
    if (request.status === "REQUIRES_ACTION" && now() >= expiresAt) expire(request);
  }

  function setStatus(request: PaymentRequest, status: PaymentRequestStatus, failureCode: string | null = null): void {
    request.status = status;
    request.failure_code = failureCode;
    request.updated = iso();
    store.changed();
  }

  function expire(request: PaymentRequest): void {
    setStatus(request, "EXPIRED", "PAYMENT_REQUEST_EXPIRED");
    send("payment_request.expiry", expiryData(request));
  }

  /** Records a payment for an active request and sends payment.capture or payment.failure. */
  function settle(request: PaymentRequest, outcome: PaymentOutcome): Payment {
    const payment = buildPayment(request, outcome, iso());
    store.payments.set(payment.payment_id, payment);
    request.latest_payment_id = payment.payment_id;
    if (outcome.status === "SUCCEEDED") setStatus(request, "SUCCEEDED");
    else setStatus(request, "FAILED", outcome.failureCode);
    send(outcome.status === "SUCCEEDED" ? "payment.capture" : "payment.failure", { ...payment });
    return payment;
  }

  function send(event: WebhookEvent, data: Record<string, unknown>): void {
    const body: WebhookBody = { event, business_id: businessId, created: iso(), data };
    webhooks.send(body);
  }

  function later(run: () => void, ms: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms).unref();
    timers.add(timer);
  }

  return {
    now,
    create,
    get,
    list: (): PaymentRequest[] => [...store.paymentRequests.values()].reverse().map((request) => get(request.payment_request_id)),
    payment(id: string): Payment {
      const payment = store.payments.get(id);
      if (!payment) throw notFound("Payment", id);
      return payment;
    },
    paymentsOf: (id: string): Payment[] => [...store.payments.values()].filter((payment) => payment.payment_request_id === id),

    cancel(id: string): PaymentRequest {
      const request = getActive(id);
      setStatus(request, "CANCELED"); // v3 sends no webhook for a cancel
      return request;
    },

    /** Test mode's "the customer paid at the bank/store/app": only for codes shown to the customer. */
    simulate(id: string, body: unknown): { status: "PENDING"; message: string } {
      const request = get(id);
      if (!request.actions.some((action) => action.type === "PRESENT_TO_CUSTOMER")) {
        throw invalid(`simulate works only for channels that show the customer a code (virtual accounts, INDOMARET, ALFAMART, QRIS); ${request.channel_code} is paid on its hosted page`);
      }
      if (request.status !== "REQUIRES_ACTION") throw inactive(id, request.status);
      const amount = isObject(body) ? body.amount : undefined;
      if (amount !== undefined && (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0)) {
        throw invalid("amount must be a positive whole number of rupiah");
      }
      // The payment lands a moment later, as the bank's notification would; if the request
      // stopped being payable in between (cancelled, expired, paid), nothing happens.
      later(() => {
        if (request.status === "REQUIRES_ACTION") settle(request, { status: "SUCCEEDED", amount: amount ?? request.request_amount, currency: request.currency });
      }, simulateDelayMs);
      return { status: "PENDING", message: `Payment simulation for ${id} accepted; a payment.capture webhook follows` };
    },

    pay(id: string, options: { amount?: number; currency?: string; card?: CardUsed } = {}): Payment {
      const request = getActive(id);
      return settle(request, { status: "SUCCEEDED", amount: options.amount ?? request.request_amount, currency: options.currency ?? request.currency, card: options.card });
    },

    fail(id: string, failureCode: string, card?: CardUsed): Payment {
      return settle(getActive(id), { status: "FAILED", failureCode, card });
    },

    expire(id: string): PaymentRequest {
      const request = getActive(id);
      expire(request);
      return request;
    },

    /** Expires every request past its time; runs every second and after the clock moves. */
    sweep(): void {
      for (const request of store.paymentRequests.values()) expireIfDue(request);
    },

    /**
     * Sends the given events for a request without changing it (tests of a webhook consumer).
     * Payment events carry the latest payment (or a made-up one if none exists) with the event's
     * status; `data` overrides fields.
     */
    sendEvents(id: string, events: Array<{ event: WebhookEvent; data?: Record<string, unknown> }>): void {
      const request = get(id);
      const latest = request.latest_payment_id ? store.payments.get(request.latest_payment_id) : undefined;
      for (const { event, data } of events) {
        let base: Record<string, unknown>;
        if (event === "payment_request.expiry") base = expiryData({ ...request, status: "EXPIRED", failure_code: "PAYMENT_REQUEST_EXPIRED" });
        else if (event === "payment.capture") {
          const made = buildPayment(request, { status: "SUCCEEDED", amount: request.request_amount, currency: request.currency }, iso());
          base = latest?.status === "SUCCEEDED" ? { ...latest } : { ...made, payment_id: latest?.payment_id ?? made.payment_id };
        } else {
          const made = buildPayment(request, { status: "FAILED", failureCode: "FAILURE_DETAILS_UNAVAILABLE" }, iso());
          base = latest?.status === "FAILED" ? { ...latest } : { ...made, payment_id: latest?.payment_id ?? made.payment_id };
        }
        send(event, { ...base, ...data });
      }
    },

    /** Simulated payments still waiting for their moment. */
    pendingSimulations: (): number => timers.size,

    reset(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      store.reset();
    },

    close(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** payment_request.expiry carries the request itself (there is no payment). */
function expiryData(request: PaymentRequest): Record<string, unknown> {
  return { ...request, status: "EXPIRED", failure_code: "PAYMENT_REQUEST_EXPIRED" };
}

/** Same JSON whatever the key order, so a resent body matches its first sending. */
function hash(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(canonical(value))).digest("hex");
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isObject(value)) return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key])]));
  return value;
}
