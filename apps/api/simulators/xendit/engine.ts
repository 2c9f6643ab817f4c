import { createHash, randomBytes, randomUUID } from "node:crypto";
import { buildActions } from "./actions.ts";
import { inactive, invalid, notFound, XenditError } from "./errors.ts";
import { creationFailureFor } from "./magic-amounts.ts";
import { buildPayment, type CardUsed, type PaymentOutcome } from "./payments.ts";
import { createRefunds } from "./refunds.ts";
import type { Store } from "./store.ts";
import type { Payment, PaymentRequest, PaymentRequestStatus, PaymentSession, WebhookBody, WebhookEvent } from "./types.ts";
import { isObject, validateCreate } from "./validate-create.ts";
import { validateSession } from "./validate-session.ts";
import type { WebhookSender } from "./webhooks.ts";

export type EngineDeps = {
  store: Store;
  webhooks: WebhookSender;
  /** The simulator's clock in ms: the options' clock plus the control API's offset. */
  now: () => number;
  businessId: string;
  publicUrl: string;
  simulateDelayMs: number;
  /** Session return URLs may be http (the sandbox inside a shop served over http). */
  httpReturnUrls: boolean;
};

export type Engine = ReturnType<typeof createEngine>;

/**
 * The payment request lifecycle: REQUIRES_ACTION → SUCCEEDED | FAILED | CANCELED | EXPIRED; and
 * a paid request's refunds (refunds.ts): PENDING → SUCCEEDED | FAILED.
 * Every move goes through here, so each one is stored, persisted and (when Xendit would) announced
 * by exactly one webhook.
 */
export function createEngine({ store, webhooks, now, businessId, publicUrl, simulateDelayMs, httpReturnUrls }: EngineDeps) {
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

  // ── Payment Sessions (POST /sessions): ACTIVE → COMPLETED | EXPIRED | CANCELED ──

  function createSession(body: unknown): PaymentSession {
    const at = now();
    const input = validateSession(body, at, { httpReturnUrls });
    const id = `ps-${randomBytes(12).toString("hex")}`;
    const created = new Date(at).toISOString();
    const session: PaymentSession = {
      payment_session_id: id,
      created,
      updated: created,
      reference_id: input.reference_id,
      customer_id: input.customer ? `cust-${randomUUID()}` : null,
      session_type: "PAY",
      allow_save_payment_method: input.allow_save_payment_method,
      currency: "IDR",
      amount: input.amount,
      country: "ID",
      mode: "PAYMENT_LINK",
      capture_method: "AUTOMATIC",
      channel_properties: {},
      allowed_payment_channels: input.allowed_payment_channels,
      expires_at: new Date(input.expiresAt).toISOString(),
      locale: input.locale,
      metadata: input.metadata,
      description: input.description,
      items: input.items,
      success_return_url: input.success_return_url,
      cancel_return_url: input.cancel_return_url,
      status: "ACTIVE",
      payment_link_url: `${publicUrl}/pay/sessions/${id}`,
      payment_token_id: null,
      payment_request_id: null,
      payment_id: null,
      business_id: businessId,
    };
    store.sessions.set(id, session);
    store.changed();
    return session;
  }

  function getSession(id: string): PaymentSession {
    const session = store.sessions.get(id);
    if (!session) throw notFound("Payment session", id);
    if (session.status === "ACTIVE" && now() >= Date.parse(session.expires_at)) endSession(session, "EXPIRED");
    return session;
  }

  function activeSession(id: string): PaymentSession {
    const session = getSession(id);
    // Xendit's reference lists no error code for this case; the generic validation error is used.
    if (session.status !== "ACTIVE")
      throw invalid(`Payment session ${id} is ${session.status}; only an ACTIVE session can take this action`);
    return session;
  }

  /** Moves a session on; completion and expiry are announced, a cancel is not (Xendit's lifecycle). */
  function endSession(session: PaymentSession, status: "COMPLETED" | "EXPIRED" | "CANCELED"): void {
    session.status = status;
    session.updated = iso();
    store.changed();
    if (status === "COMPLETED") send("payment_session.completed", { ...session });
    if (status === "EXPIRED") send("payment_session.expired", { ...session });
  }

  /**
   * A card entered on the session's page: Xendit makes a CARDS payment request of its own (same
   * reference_id) and pays it. A success completes the session; a failure sends payment.failure
   * and leaves the session ACTIVE, so the customer may try another card.
   */
  function paySession(id: string, outcome: PaymentOutcome): { session: PaymentSession; payment: Payment } {
    const session = activeSession(id);
    const requestId = `pr-${randomUUID()}`;
    const at = iso();
    const request: PaymentRequest = {
      business_id: businessId,
      reference_id: session.reference_id,
      payment_request_id: requestId,
      latest_payment_id: null,
      type: "PAY",
      country: "ID",
      currency: "IDR",
      request_amount: session.amount,
      capture_method: "AUTOMATIC",
      channel_code: "CARDS",
      channel_properties: {},
      actions: [],
      status: "REQUIRES_ACTION",
      failure_code: null,
      description: session.description,
      metadata: session.metadata,
      created: at,
      updated: at,
    };
    store.paymentRequests.set(requestId, request);
    const payment = settle(request, outcome);
    if (outcome.status === "SUCCEEDED") {
      session.payment_request_id = requestId;
      session.payment_id = payment.payment_id;
      endSession(session, "COMPLETED");
    }
    return { session, payment };
  }

  function later(run: () => void, ms: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms).unref();
    timers.add(timer);
  }

  const refunds = createRefunds({ store, iso, send, later, delayMs: simulateDelayMs });

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
        throw invalid(
          `simulate works only for channels that show the customer a code (virtual accounts, INDOMARET, ALFAMART, QRIS); ${request.channel_code} is paid on its hosted page`,
        );
      }
      if (request.status !== "REQUIRES_ACTION") throw inactive(id, request.status);
      const amount = isObject(body) ? body.amount : undefined;
      if (amount !== undefined && (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0)) {
        throw invalid("amount must be a positive whole number of rupiah");
      }
      // The payment lands a moment later, as the bank's notification would; if the request
      // stopped being payable in between (cancelled, expired, paid), nothing happens.
      later(() => {
        if (request.status === "REQUIRES_ACTION")
          settle(request, { status: "SUCCEEDED", amount: amount ?? request.request_amount, currency: request.currency });
      }, simulateDelayMs);
      return { status: "PENDING", message: `Payment simulation for ${id} accepted; a payment.capture webhook follows` };
    },

    pay(id: string, options: { amount?: number; currency?: string; card?: CardUsed } = {}): Payment {
      const request = getActive(id);
      return settle(request, {
        status: "SUCCEEDED",
        amount: options.amount ?? request.request_amount,
        currency: options.currency ?? request.currency,
        card: options.card,
      });
    },

    fail(id: string, failureCode: string, card?: CardUsed): Payment {
      return settle(getActive(id), { status: "FAILED", failureCode, card });
    },

    expire(id: string): PaymentRequest {
      const request = getActive(id);
      expire(request);
      return request;
    },

    createSession,
    getSession,
    cancelSession(id: string): PaymentSession {
      const session = activeSession(id);
      endSession(session, "CANCELED");
      return session;
    },
    expireSession(id: string): PaymentSession {
      const session = activeSession(id);
      endSession(session, "EXPIRED");
      return session;
    },
    paySession,
    ...refunds,
    listSessions: (): PaymentSession[] => [...store.sessions.values()].reverse().map((session) => getSession(session.payment_session_id)),

    /** Expires every request and session past its time; runs every second and after the clock moves. */
    sweep(): void {
      for (const request of store.paymentRequests.values()) expireIfDue(request);
      for (const session of store.sessions.values()) if (session.status === "ACTIVE") getSession(session.payment_session_id);
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
        if (event === "payment_request.expiry")
          base = expiryData({ ...request, status: "EXPIRED", failure_code: "PAYMENT_REQUEST_EXPIRED" });
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

    /** Sends payment_session.* events for a session without changing it; `data` overrides fields. */
    sendSessionEvents(id: string, events: Array<{ event: WebhookEvent; data?: Record<string, unknown> }>): void {
      const session = getSession(id);
      for (const { event, data } of events) {
        const status = event === "payment_session.completed" ? "COMPLETED" : "EXPIRED";
        send(event, { ...session, status, ...data });
      }
    },

    /** Simulated payments still waiting for their moment. */
    pendingSimulations: (): number => timers.size,

    reset(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      refunds.resetRefunds();
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
  return createHash("sha256")
    .update(JSON.stringify(canonical(value)))
    .digest("hex");
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isObject(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical(value[key])]),
    );
  return value;
}
