import { sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import { defineJob } from "#server/jobs/index.ts";
import type { PaymentAttempt } from "./attempts.ts";
import { applyProviderUpdate, type ProviderUpdate, updateFromXenditStatus } from "./provider-updates.ts";
import { isSessionId } from "./xendit/channels.ts";
import { xendit } from "./xendit/connection.ts";

/**
 * Asks Xendit how an open payment stands and applies the answer, when the stored state is older
 * than `maxAgeMs`: a customer's page polls every few seconds, but Xendit hears from the shop at
 * most once per interval per payment (its test mode allows 60 calls a minute).
 */
export async function refreshAttempt(attempt: PaymentAttempt, maxAgeMs: number): Promise<PaymentAttempt> {
  if (attempt.status !== "PENDING" || !attempt.xenditRequestId) return attempt;
  if (attempt.checkedAt && Date.now() - attempt.checkedAt.getTime() < maxAgeMs) return attempt;
  if (isSessionId(attempt.xenditRequestId)) return refreshSession(attempt, attempt.xenditRequestId);
  const request = await xendit().getPaymentRequest(attempt.xenditRequestId);
  const status = updateFromXenditStatus(request.status);
  // A success is checked against the order: what was captured, else what was asked.
  let amount: unknown = request.request_amount;
  let currency: unknown = request.currency ?? null;
  let paymentId = request.latest_payment_id ?? null;
  if (status === "SUCCEEDED" && paymentId) {
    // What was captured, not what was asked: a success is checked against the order's amount.
    const payment = await xendit().getPayment(paymentId);
    amount = payment.captures?.reduce((sum, c) => sum + c.capture_amount, 0) || payment.request_amount;
    currency = payment.currency;
    paymentId = payment.payment_id;
  }
  const applied = await applyProviderUpdate(attempt.xenditRequestId, {
    status,
    failureCode: request.failure_code,
    paymentId,
    amount,
    currency,
    source: "status check",
  });
  return applied.attempt ?? attempt;
}

/** GET /sessions/{id}: ACTIVE is still open; COMPLETED is checked against what its payment captured. */
async function refreshSession(attempt: PaymentAttempt, sessionId: string): Promise<PaymentAttempt> {
  const session = await xendit().getSession(sessionId);
  const status: ProviderUpdate["status"] =
    session.status === "COMPLETED" ? "SUCCEEDED" : session.status === "ACTIVE" ? "PENDING" : updateFromXenditStatus(session.status);
  let amount: unknown = session.amount;
  let currency: unknown = session.currency ?? null;
  let paymentId = session.payment_id ?? null;
  if (status === "SUCCEEDED" && paymentId) {
    const payment = await xendit().getPayment(paymentId);
    amount = payment.captures?.reduce((sum, c) => sum + c.capture_amount, 0) || payment.request_amount;
    currency = payment.currency;
    paymentId = payment.payment_id;
  }
  const applied = await applyProviderUpdate(sessionId, {
    status,
    // A session that ends unpaid keeps the reason of its last failed card, when one was heard of.
    failureCode: status === "EXPIRED" ? (attempt.failureCode ?? "SESSION_EXPIRED") : attempt.failureCode,
    paymentId,
    amount,
    currency,
    source: "status check",
  });
  return applied.attempt ?? attempt;
}

/** Payments still open after this long are asked about by the reconciliation job. */
const RECONCILE_AFTER_MS = 2 * 60_000;
/** An attempt Xendit never answered (the shop stopped mid-call) is given up after this long. */
const ABANDON_CREATING_AFTER_MS = 10 * 60_000;

/**
 * Reconciliation: a lost or late webhook never leaves an order stuck. Every minute, open payments
 * not heard of for two minutes are looked up at Xendit and their answer applied.
 */
export async function reconcilePayments(now = new Date()): Promise<{ checked: number; failed: number }> {
  const db = await getDb();
  const stale = new Date(now.getTime() - RECONCILE_AFTER_MS);
  await db
    .updateTable("paymentAttempts")
    .set({ status: "ERROR", failureCode: "NO_ANSWER", updatedAt: sql`now()` })
    .where("status", "=", "CREATING")
    .where("createdAt", "<", new Date(now.getTime() - ABANDON_CREATING_AFTER_MS))
    .execute();
  const open = await db
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("status", "=", "PENDING")
    .where("createdAt", "<", stale)
    .where((eb) => eb.or([eb("checkedAt", "is", null), eb("checkedAt", "<", stale)]))
    .orderBy("checkedAt")
    .limit(50)
    .execute();
  let failed = 0;
  for (const attempt of open) {
    try {
      await refreshAttempt(attempt, 0);
    } catch (error) {
      failed++;
      console.warn(`Reconciliation of ${attempt.xenditRequestId} failed:`, error instanceof Error ? error.message : error);
    }
  }
  return { checked: open.length, failed };
}

defineJob(
  "payments-reconcile",
  async () => {
    await reconcilePayments();
  },
  { schedule: { cron: "* * * * *" }, queue: { policy: "singleton", retryLimit: 0 } },
);
