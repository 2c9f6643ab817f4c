/**
 * Refunds as Xendit's Payments API documents them:
 * https://docs.xendit.co/apidocs/refund-payment-request (POST /refunds: body, refund object, errors),
 * https://docs.xendit.co/apidocs/refund-webhook-notification (refund.succeeded / refund.failed),
 * https://docs.xendit.co/docs/refund-payment-request (the flow: PENDING, then one of the two webhooks)
 * and Xendit's generated SDKs for what the reference leaves out (GET /refunds/{id}, the
 * `idempotency-key` header, 409 DUPLICATE_ERROR on a key used before).
 */
import { randomUUID } from "node:crypto";
import { findChannel } from "./channels.ts";
import { invalid, notFound, XenditError } from "./errors.ts";
import type { Store } from "./store.ts";
import { type Payment, type PaymentRequest, type Refund, type RefundStatus, refundReasons, type WebhookEvent } from "./types.ts";
import { isObject } from "./validate-create.ts";

/** What happens to new refunds after their PENDING answer (the control API sets it). */
export type RefundOutcome = { status: RefundStatus; failureCode: string };

const currencies = ["IDR", "PHP", "VND", "THB", "SGD", "MYR", "USD", "HKD", "AUD", "GBP", "EUR", "JPY", "MXN"];
const defaultOutcome: RefundOutcome = { status: "SUCCEEDED", failureCode: "REFUND_FAILED" };

type Deps = {
  store: Store;
  iso: () => string;
  send: (event: WebhookEvent, data: Record<string, unknown>) => void;
  later: (run: () => void, ms: number) => void;
  delayMs: number;
};

type RefundInput = {
  payment_request_id: string;
  reference_id: string | null;
  currency: string | null;
  amount: number | null;
  reason: string;
  metadata: Record<string, unknown> | null;
};

export function createRefunds({ store, iso, send, later, delayMs }: Deps) {
  let outcome: RefundOutcome = { ...defaultOutcome };

  function create(body: unknown, idempotencyKey: string | undefined): Refund {
    if (idempotencyKey !== undefined && store.refundKeys.has(idempotencyKey))
      throw new XenditError(409, "DUPLICATE_ERROR", "duplicate value on idempotency_key, try again with a new key");
    const input = validateRefund(body);
    const request = store.paymentRequests.get(input.payment_request_id);
    if (!request) throw notFound("Payment request", input.payment_request_id);
    const support = findChannel(request.channel_code)?.refund ?? "none";
    if (support === "none") throw new XenditError(403, "REFUND_NOT_SUPPORTED", "Refund feature is not available for this payment channel.");
    const payment = request.latest_payment_id ? store.payments.get(request.latest_payment_id) : undefined;
    if (request.status !== "SUCCEEDED" || payment?.status !== "SUCCEEDED")
      throw new XenditError(
        400,
        "INELIGIBLE_TRANSACTION_STATUS",
        `Feature is not allowed for the payment request because of its current status: ${request.status}`,
      );
    if (input.currency !== null && input.currency !== payment.currency)
      throw new XenditError(400, "INVALID_VALUE_ERROR", `currency ${input.currency} is not the payment's currency ${payment.currency}`);
    const earlier = refundsOf(request.payment_request_id);
    if (earlier.some((refund) => refund.status === "PENDING"))
      throw new XenditError(
        400,
        "REFUND_IN_PROGRESS",
        "Please wait for the pending refund request to be completed before initiating a new one.",
      );
    const captured = capturedAmount(payment);
    const remaining = captured - earlier.filter((r) => r.status === "SUCCEEDED").reduce((sum, r) => sum + r.amount, 0);
    const amount = input.amount ?? remaining;
    if (payment.currency === "IDR" && !Number.isInteger(amount))
      throw new XenditError(400, "INVALID_VALUE_ERROR", "amount must be a whole number for IDR");
    if (amount <= 0 || amount > remaining)
      throw new XenditError(
        400,
        "REFUND_AMOUNT_EXCEEDED",
        "Refund amount specified in refund request must be less than or equal to unrefunded capture amount.",
      );
    if (amount < captured && support === "full")
      throw new XenditError(403, "PARTIAL_REFUND_NOT_SUPPORTED", "Partial Refund feature is not available for this payment channel.");

    const at = iso();
    const refund: Refund = {
      id: `rfd-${randomUUID()}`,
      payment_request_id: request.payment_request_id,
      payment_id: payment.payment_id,
      invoice_id: null,
      payment_method_type: methodTypeOf(request),
      amount,
      channel_code: request.channel_code,
      country: "ID",
      currency: payment.currency,
      reference_id: input.reference_id,
      status: "PENDING",
      reason: input.reason,
      failure_code: null,
      refund_fee_amount: null,
      created: at,
      updated: at,
      metadata: input.metadata,
    };
    store.refunds.set(refund.id, refund);
    if (idempotencyKey !== undefined) store.refundKeys.set(idempotencyKey, refund.id);
    store.changed();
    // "Refund is pending. Check the final status of the refund via webhook."
    const { status, failureCode } = outcome;
    if (status !== "PENDING") later(() => settle(refund, status, failureCode), delayMs);
    return { ...refund };
  }

  function get(id: string): Refund {
    const refund = store.refunds.get(id);
    if (!refund) throw notFound("Refund", id);
    return refund;
  }

  function refundsOf(paymentRequestId: string): Refund[] {
    return [...store.refunds.values()].filter((refund) => refund.payment_request_id === paymentRequestId);
  }

  /** PENDING → SUCCEEDED | FAILED, announced by refund.succeeded / refund.failed; a settled refund stays. */
  function settle(refund: Refund, status: RefundStatus, failureCode: string): Refund {
    if (refund.status !== "PENDING") return refund;
    if (status === "PENDING") return refund;
    refund.status = status;
    refund.failure_code = status === "FAILED" ? failureCode : null;
    refund.updated = iso();
    store.changed();
    send(status === "SUCCEEDED" ? "refund.succeeded" : "refund.failed", { ...refund });
    return refund;
  }

  function pending(id: string): Refund {
    const refund = get(id);
    if (refund.status !== "PENDING") throw invalid(`Refund ${id} is ${refund.status}; only a PENDING refund can be settled`);
    return refund;
  }

  return {
    createRefund: create,
    getRefund: (id: string): Refund => ({ ...get(id) }),
    /** GET /refunds (Xendit's SDKs: getAllRefunds): the refunds of one payment request, newest first, in one page. */
    findRefunds(query: Record<string, unknown>): { data: Refund[]; has_more: boolean } {
      const requestId = query.payment_request_id;
      if (requestId !== undefined && typeof requestId !== "string") throw invalid("payment_request_id must be a string");
      const found = [...store.refunds.values()].filter((refund) => requestId === undefined || refund.payment_request_id === requestId);
      return { data: found.reverse().map((refund) => ({ ...refund })), has_more: false };
    },
    listRefunds: (): Refund[] => [...store.refunds.values()].reverse().map((refund) => ({ ...refund })),
    succeedRefund: (id: string): Refund => ({ ...settle(pending(id), "SUCCEEDED", "") }),
    failRefund: (id: string, failureCode: string): Refund => ({ ...settle(pending(id), "FAILED", failureCode) }),
    /** The outcome of refunds created from now on: SUCCEEDED (default), FAILED with a code, or PENDING (stays). */
    setRefundOutcome(next: RefundOutcome): RefundOutcome {
      outcome = { ...next };
      return { ...outcome };
    },
    refundOutcome: (): RefundOutcome => ({ ...outcome }),
    resetRefunds(): void {
      outcome = { ...defaultOutcome };
    },
  };
}

/** Checks a POST /refunds body against the reference's schema. */
function validateRefund(body: unknown): RefundInput {
  if (!isObject(body)) throw invalid("The body must be a JSON object");
  for (const name of ["payment_request_id", "reason"]) {
    if (body[name] === undefined) throw invalid(`request/body must have required property '${name}'`);
  }
  const { payment_request_id: requestId, reference_id: referenceId, currency, amount, reason, metadata } = body;
  if (typeof requestId !== "string" || requestId.length === 0) throw invalid("payment_request_id must be a string");
  if (referenceId !== undefined && (typeof referenceId !== "string" || referenceId.length < 1 || referenceId.length > 255))
    throw invalid("reference_id must be a string of 1 to 255 characters");
  if (currency !== undefined && (typeof currency !== "string" || !currencies.includes(currency)))
    throw invalid(`currency must be one of ${currencies.join(", ")}`);
  if (amount !== undefined && (typeof amount !== "number" || !Number.isFinite(amount) || amount < 0))
    throw invalid("amount must be a number, 0 or more");
  if (typeof reason !== "string" || !(refundReasons as readonly string[]).includes(reason))
    throw invalid(`reason must be one of ${refundReasons.join(", ")}`);
  if (metadata !== undefined) {
    if (!isObject(metadata)) throw invalid("metadata must be an object");
    const entries = Object.entries(metadata);
    if (entries.length > 50 || entries.some(([key, value]) => key.length > 40 || String(value).length > 500))
      throw invalid("metadata takes up to 50 keys, key names up to 40 characters and values up to 500 characters");
  }
  return {
    payment_request_id: requestId,
    reference_id: (referenceId as string | undefined) ?? null,
    currency: (currency as string | undefined) ?? null,
    amount: (amount as number | undefined) ?? null,
    reason,
    metadata: (metadata as Record<string, unknown> | undefined) ?? null,
  };
}

/** What the payment collected: the sum of its captures, else its amount. */
function capturedAmount(payment: Payment): number {
  return payment.captures.length > 0 ? payment.captures.reduce((sum, c) => sum + c.capture_amount, 0) : payment.request_amount;
}

/** The deprecated `payment_method_type`: its enum knows only CARD, EWALLET and DIRECT_DEBIT. */
function methodTypeOf(request: PaymentRequest): Refund["payment_method_type"] {
  const kind = findChannel(request.channel_code)?.kind;
  if (kind === "cards") return "CARD";
  if (kind === "ewallet") return "EWALLET";
  return null;
}
