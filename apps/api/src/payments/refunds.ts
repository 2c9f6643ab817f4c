import { cleanText } from "@workshop/domain/form-text.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import { type RefundWay, refundWays } from "@workshop/domain/refunds.ts";
import { sql } from "kysely";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import type { Row } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";
import { defineJob } from "#server/jobs/index.ts";
import type { PaymentAttempt } from "./attempts.ts";
import {
  amountFor,
  IN_STORE,
  keepRefundState,
  type LedgerPayment,
  ledgerOf,
  lockOrder,
  RESEND_AFTER_MS,
  unansweredRefund,
} from "./refund-ledger.ts";
import { refundChanged, refundStatusOf, settleRefund } from "./refund-updates.ts";
import { blockOf, type RefundView, refundView, uuidPattern } from "./refund-views.ts";
import { isSessionId, refundSupportOf } from "./xendit/channels.ts";
import { type RefundReason, refundReasons, XenditError, type XenditRefund } from "./xendit/client.ts";
import { xendit } from "./xendit/connection.ts";

export { IN_STORE } from "./refund-ledger.ts";
export { orderRefunds, type RefundView, refundableAttempts, refundsOf } from "./refund-views.ts";

/**
 * Refunds by owners (docs/decisions/014, 047): all or part of any payment that took money, several
 * times up to what it took, through Xendit's Refunds API where its channel allows it
 * (https://docs.xendit.co/apidocs/refund-payment-request), or made by hand (a bank transfer, cash
 * in the showroom) and recorded here.
 *
 * A refund row is written before Xendit is asked, in the transaction that holds the order's row
 * lock: two owners refunding at once take turns, and the second sees what the first took, so the
 * refunds of a payment never add up to more than it took. Its id is the reference id and
 * idempotency key sent to Xendit, so a retry never refunds twice; Xendit's webhooks settle it
 * (refund-updates.ts), and one whose answer was lost is looked up or sent again (`sendAgain`). A
 * refund made by hand is done when recorded. The order's status and payment
 * status never change; its refund state does (refund-ledger.ts).
 */

export type RefundInput = {
  orderId: string;
  /** The payment attempt's id, or IN_STORE for the order's payment in the workshop. */
  paymentAttemptId: string;
  reason: string;
  actor: Actor;
  /** US cents to give back; none: all that is left of the payment. */
  amountUsdCents?: unknown;
  /** XENDIT (the default), or BANK_TRANSFER / CASH made by hand. */
  way?: unknown;
  /** By hand: the transfer's reference or the receipt's number (required), and the day a transfer arrives. */
  reference?: unknown;
  arrivesBy?: unknown;
  /** Why, for the other staff (a return, goodwill, the delivery only…). */
  note?: unknown;
};

/** More than any order: a larger amount is a typing slip. */
const MAX_CENTS = 100_000_000;
/** How far ahead a bank transfer may be said to arrive. */
const MAX_ARRIVAL_DAYS = 60;

type Checked = {
  reason: RefundReason;
  way: RefundWay;
  cents: number | null;
  reference: string | null;
  arrivesBy: string | null;
  note: string;
};

/** The caller's fields, checked before anything is read: a 400 saying which is wrong. */
function checked(input: RefundInput, now: Date): Checked {
  if (!(refundReasons as readonly string[]).includes(input.reason))
    throw new AppError("invalid", `reason must be one of ${refundReasons.join(", ")}`);
  const way = input.way ?? "XENDIT";
  if (typeof way !== "string" || !(refundWays as readonly string[]).includes(way))
    throw new AppError("invalid", `way must be one of ${refundWays.join(", ")}`);
  const cents = input.amountUsdCents;
  if (cents !== undefined && cents !== null && (typeof cents !== "number" || !Number.isInteger(cents) || cents < 1 || cents > MAX_CENTS))
    throw new AppError(
      "invalid",
      "amountUsdCents must be a whole number of US cents, at least 1 (leave it out to refund all that is left)",
    );
  const text = (value: unknown, name: string, max: number) => {
    if (value === undefined || value === null) return "";
    if (typeof value !== "string") throw new AppError("invalid", `${name} must be text`);
    const clean = cleanText(value).replace(/\s+/g, " ");
    if (clean.length > max) throw new AppError("invalid", `${name} is at most ${max} characters`);
    return clean;
  };
  const reference = text(input.reference, "reference", 100);
  const note = text(input.note, "note", 500);
  const arrivesBy = text(input.arrivesBy, "arrivesBy", 10);
  if (way !== "XENDIT" && !reference)
    throw new AppError("invalid", "A refund made by hand needs its reference: the bank transfer's reference or the receipt's number");
  if (way === "BANK_TRANSFER" && !isArrivalDay(arrivesBy, now))
    throw new AppError(
      "invalid",
      `arrivesBy must be the day the transfer reaches the customer: YYYY-MM-DD, today to ${MAX_ARRIVAL_DAYS} days ahead`,
    );
  return {
    reason: input.reason as RefundReason,
    way: way as RefundWay,
    cents: typeof cents === "number" ? cents : null,
    reference: way === "XENDIT" ? null : reference,
    arrivesBy: way === "BANK_TRANSFER" ? arrivesBy : null,
    note,
  };
}

function isArrivalDay(value: string, now: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return false;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // A day behind UTC at most: the workshop's today starts 8 hours before UTC's.
  return day.getTime() >= today - 86_400_000 && day.getTime() <= today + MAX_ARRIVAL_DAYS * 86_400_000;
}

/**
 * Refunds all or part of a payment. The amount in the payment's currency is the shop's: the
 * caller names US cents, converted at the payment's own ratio (refund-ledger.ts amountFor); a
 * payment of the wrong amount goes back in full, what Xendit says it collected. A Xendit refund
 * of the payment whose answer was lost is sent again instead, as it was (`sendAgainAsked`).
 */
export async function refundPayment(input: RefundInput, now = new Date()): Promise<RefundView> {
  const { orderId, paymentAttemptId, actor } = input;
  if (actor.role !== "owner" && actor.role !== "machine") throw new AppError("forbidden", "Only an owner may refund a payment");
  const ask = checked(input, now);
  if (!uuidPattern.test(orderId)) throw new AppError("not_found", "Order not found");
  if (paymentAttemptId !== IN_STORE && !uuidPattern.test(paymentAttemptId)) throw new AppError("not_found", "Payment not found");
  const db = await getDb();
  const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).limit(1).executeTakeFirst();
  if (!order) throw new AppError("not_found", "Order not found");
  const attempt =
    paymentAttemptId === IN_STORE
      ? null
      : ((await db.selectFrom("paymentAttempts").selectAll().where("id", "=", paymentAttemptId).limit(1).executeTakeFirst()) ?? null);
  if (paymentAttemptId !== IN_STORE && !attempt) throw new AppError("not_found", "Payment not found");
  if (attempt && attempt.orderId !== orderId) throw new AppError("invalid", "This payment belongs to another order");

  // Refused before Xendit is asked anything; checked again under the order's lock.
  const before = (await ledgerOf(db, order)).payments.find((p) => p.id === paymentAttemptId) ?? null;
  const unanswered = ask.way === "XENDIT" ? unansweredRefund(before, now.getTime()) : null;
  if (unanswered) refuseOtherAmount(unanswered, ask);
  else refuseIfBlocked(before, attempt, ask);
  // What to send: Xendit's payment request id and, for a wrong amount, the money collected (read
  // from Xendit). Asked before any row is written: a failed read leaves nothing.
  // From Xendit also for a wrong amount refunded by hand: Xendit alone knows what it collected.
  const target = attempt && (ask.way === "XENDIT" || before?.wrongAmount) ? await refundTarget(attempt) : null;
  if (unanswered && target) return sendAgainAsked(unanswered, target, ask, actor);

  const row: Row<"refunds"> = await db.transaction().execute(async (tx) => {
    const locked = (await lockOrder(tx, orderId))!;
    const ledger = await ledgerOf(tx, locked);
    const payment = ledger.payments.find((p) => p.id === paymentAttemptId) ?? null;
    refuseIfBlocked(payment, attempt, ask);
    const money = moneyOf(payment!, ask.cents, target?.captured ?? null);
    const refundedAt = ask.way === "XENDIT" ? null : now;
    const created = await tx
      .insertInto("refunds")
      .values({
        orderId,
        paymentAttemptId: attempt?.id ?? null,
        way: ask.way,
        amount: money.amount,
        currency: money.currency,
        amountUsdCents: money.usdCents,
        // Made by hand: done when recorded.
        status: ask.way === "XENDIT" ? "CREATING" : "SUCCEEDED",
        reason: ask.reason,
        reference: ask.reference,
        arrivesBy: ask.arrivesBy,
        note: ask.note,
        refundedAt,
        staffId: actor.staffId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      {
        actor,
        action: "refund",
        recordType: "order",
        recordId: orderId,
        before: {
          paymentAttemptId: created.paymentAttemptId ?? IN_STORE,
          attempt: payment!.number,
          method: payment!.method,
          paymentStatus: attempt?.status ?? locked.paymentStatus,
          flag: attempt?.flag ?? null,
          left: { amount: payment!.left.amount, usdCents: payment!.left.usdCents },
          refunds: payment!.refunds.map((r) => ({ id: r.id, status: r.status, amount: r.amount, failureCode: r.failureCode })),
        },
        after: {
          refundId: created.id,
          paymentAttemptId: created.paymentAttemptId ?? IN_STORE,
          way: created.way,
          amount: created.amount,
          currency: created.currency,
          amountUsdCents: created.amountUsdCents,
          reason: ask.reason,
          status: created.status,
          ...(created.reference ? { reference: created.reference } : {}),
          ...(created.arrivesBy ? { arrivesBy: created.arrivesBy } : {}),
          ...(created.note ? { note: created.note } : {}),
        },
      },
      tx,
    );
    await refundChanged(tx, locked, created);
    return created;
  });
  if (ask.way !== "XENDIT" || !target) return refundView(row.id);

  try {
    await askXendit(row, target.paymentRequestId);
  } catch (error) {
    if (!(error instanceof XenditError)) throw error;
    // A refusal of a refund sent for the first time, with a key never used: nothing was made.
    if (isRefusal(error)) {
      await refusedByXendit(row.id, error.code);
      throw new AppError("conflict", `Xendit refused the refund (${error.code}): ${error.message}`);
    }
    throw notAnswered();
  }
  return refundView(row.id);
}

const notAnswered = () =>
  new AppError(
    "unavailable",
    "Xendit did not answer. The refund is kept as being created: Xendit's webhook settles it if it arrived, and it is sent again safely (by the shop within minutes, or by you in a minute)",
  );

/** A refusal (4xx) rather than a silence: a timeout (408) or too many requests (429) is Xendit not answering. */
const isRefusal = (error: XenditError) => error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/** A refund waiting for Xendit is only sent again as it was: another amount is another refund, refused until it is settled. */
function refuseOtherAmount(unanswered: Row<"refunds">, ask: Checked): void {
  if (ask.cents === null || ask.cents === unanswered.amountUsdCents) return;
  throw new AppError(
    "conflict",
    `A refund of ${formatUsd(unanswered.amountUsdCents)} of this payment still waits for Xendit: send it again (leave the amount out) or wait for Xendit's word`,
    { refundId: unanswered.id, waitingUsdCents: unanswered.amountUsdCents },
  );
}

/**
 * An owner sends again a refund whose answer was lost, as it was (its amount, reason and note):
 * audited, then looked up at Xendit or sent again (`sendAgain`). Xendit refusing it is told (409),
 * and the refund keeps waiting for Xendit's word; one already under way or done there is no refusal.
 */
async function sendAgainAsked(row: Row<"refunds">, target: Target, ask: Checked, actor: Actor): Promise<RefundView> {
  await recordAudit({
    actor,
    action: "refund",
    recordType: "order",
    recordId: row.orderId,
    before: { refundId: row.id, status: row.status },
    after: {
      refundId: row.id,
      resent: true,
      paymentAttemptId: row.paymentAttemptId ?? IN_STORE,
      way: row.way,
      amount: row.amount,
      currency: row.currency,
      amountUsdCents: row.amountUsdCents,
      reason: row.reason,
      ...(ask.note && ask.note !== row.note ? { note: ask.note } : {}),
    },
  });
  let result: Awaited<ReturnType<typeof sendAgain>>;
  try {
    result = await sendAgain(row, target.paymentRequestId);
  } catch (error) {
    if (error instanceof XenditError) throw notAnswered();
    throw error;
  }
  const refusal = result.refusal;
  if (refusal && !["REFUND_IN_PROGRESS", "REFUND_AMOUNT_EXCEEDED", "DUPLICATE_ERROR"].includes(refusal.code))
    throw new AppError(
      "conflict",
      `Xendit refused this refund when it was sent again (${refusal.code}): ${refusal.message}. It keeps waiting for Xendit's word, its amount counted as going back; the shop asks Xendit again every 5 minutes`,
    );
  return refundView(row.id);
}

/** Asks Xendit for a refund row (its id the reference and the idempotency key) and settles the row with the answer. */
async function askXendit(row: Row<"refunds">, paymentRequestId: string): Promise<void> {
  const answer = await xendit().createRefund(
    {
      payment_request_id: paymentRequestId,
      reference_id: row.id,
      amount: row.amount,
      currency: row.currency,
      reason: row.reason as RefundReason,
      metadata: { order_id: row.orderId, payment_attempt_id: row.paymentAttemptId ?? IN_STORE },
    },
    row.id,
  );
  await settleWith(answer, row.id);
}

/** Settles a refund row with Xendit's refund object (a create answer, a lookup): as its webhook would. */
async function settleWith(answer: XenditRefund, rowId: string) {
  const db = await getDb();
  return db.transaction().execute((tx) =>
    settleRefund(
      tx,
      {
        xenditRefundId: answer.id,
        referenceId: rowId,
        status: refundStatusOf(answer.status),
        failureCode: answer.failure_code ?? null,
        amount: answer.amount,
        currency: answer.currency,
      },
      rowId,
    ),
  );
}

/**
 * A Xendit refund whose answer was lost (CREATING): looked up among its payment's refunds at
 * Xendit by its reference id and settled from what Xendit says, else sent again as it was, with
 * the same key. A refusal never fails it: the first sending may have arrived after all (Xendit
 * then refuses the second, or answers DUPLICATE_ERROR for its key), so it waits for Xendit's word
 * (its webhook, or the next look) with its amount still counted as going back. Each look is
 * marked on the row (updated_at): the reconciliation job looks again five minutes later.
 * Xendit not answering throws its XenditError.
 */
async function sendAgain(row: Row<"refunds">, paymentRequestId: string): Promise<{ refusal: XenditError | null }> {
  const db = await getDb();
  const marked = await db
    .updateTable("refunds")
    .set({ updatedAt: sql`now()` })
    .where("id", "=", row.id)
    .where("status", "=", "CREATING")
    .executeTakeFirst();
  // Settled meanwhile (its webhook came): nothing to send.
  if (Number(marked.numUpdatedRows) === 0) return { refusal: null };
  const known = await refundAtXendit(row, paymentRequestId);
  if (known) {
    await settleWith(known, row.id);
    return { refusal: null };
  }
  try {
    await askXendit(row, paymentRequestId);
    return { refusal: null };
  } catch (error) {
    if (!(error instanceof XenditError) || !isRefusal(error)) throw error;
    console.warn(`Refund ${row.id} of order ${row.orderId} sent again: Xendit refused it (${error.code}); it waits for Xendit's word`);
    return { refusal: error };
  }
}

/** The refund Xendit made for this row (its reference id), if any; a lookup Xendit refuses (4xx) reads as none, and the row is sent again. */
async function refundAtXendit(row: Row<"refunds">, paymentRequestId: string): Promise<XenditRefund | null> {
  try {
    return (await xendit().listRefunds(paymentRequestId)).data?.find((r) => r.reference_id === row.id) ?? null;
  } catch (error) {
    if (error instanceof XenditError && isRefusal(error)) return null;
    throw error;
  }
}

/** A refusal from Xendit: the row FAILED with its code (its amount may be refunded again), the order's state with it. */
async function refusedByXendit(refundId: string, code: string): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom("refunds").select("orderId").where("id", "=", refundId).executeTakeFirstOrThrow();
    const order = (await lockOrder(tx, row.orderId))!;
    const failed = await tx
      .updateTable("refunds")
      .set({ status: "FAILED", failureCode: code.slice(0, 100), updatedAt: sql`now()` })
      .where("id", "=", refundId)
      .where("status", "=", "CREATING")
      .returningAll()
      .executeTakeFirst();
    if (failed) await refundChanged(tx, order, failed);
  });
}

/** What a refund takes of `payment`: US cents asked (none: all that is left), in the payment's currency. */
function moneyOf(
  payment: LedgerPayment,
  cents: number | null,
  captured: { amount: number; currency: string } | null,
): { amount: number; currency: string; usdCents: number } {
  const left = payment.left.usdCents;
  if (payment.wrongAmount) {
    // The wrong amount goes back whole, as Xendit collected it; its dollars at the order's ratio.
    if (cents !== null && cents !== left)
      throw new AppError("conflict", "A payment of the wrong amount is refunded in full: leave the amount out");
    if (!captured) throw new AppError("conflict", "Xendit shows no collected payment to refund");
    const usdCents = payment.paid.amount > 0 ? Math.round((captured.amount * payment.paid.usdCents) / payment.paid.amount) : 0;
    return { ...captured, usdCents };
  }
  const usdCents = cents ?? left;
  if (usdCents > left) throw new AppError("conflict", `Only ${formatUsd(left)} of this payment is left to refund`, { leftUsdCents: left });
  const amount = amountFor(payment, usdCents);
  if (amount <= 0) throw new AppError("invalid", "This amount is too small to refund");
  return { amount, currency: payment.currency, usdCents };
}

/** Refuses a refund its payment cannot have now: not paid, nothing left, a way it does not allow. */
function refuseIfBlocked(payment: LedgerPayment | null, attempt: PaymentAttempt | null, ask: Checked): void {
  const method = payment?.method ?? attempt?.method ?? "";
  if (!payment) throw new AppError("conflict", "This payment has not been paid: there is nothing to refund");
  if (ask.way !== "XENDIT") {
    if (payment.left.usdCents <= 0) throw new AppError("conflict", "This payment has already been refunded");
    return;
  }
  const support = attempt ? refundSupportOf(attempt.channelCode) : "none";
  switch (blockOf(payment, support)) {
    case null:
      break;
    case "refunded":
      throw new AppError("conflict", "This payment has already been refunded");
    case "in-progress":
      throw new AppError("conflict", "This payment already has a refund in progress");
    case "channel-not-supported":
      throw new AppError(
        "conflict",
        attempt
          ? `Xendit cannot refund ${method} payments: send the money back another way and record it (way BANK_TRANSFER or CASH)`
          : "This payment was made in the workshop: give the money back there or by bank transfer and record it (way CASH or BANK_TRANSFER)",
      );
    case "full-only":
      throw new AppError("conflict", `Xendit refunds ${method} payments only in full, once: record the rest as a refund made by hand`);
    default:
      throw new AppError("conflict", "This payment has not been paid: there is nothing to refund");
  }
  if (support === "full" && ask.cents !== null && ask.cents !== payment.paid.usdCents)
    throw new AppError("conflict", `Xendit refunds ${method} payments only in full: leave the amount out, or record a refund made by hand`);
}

type Target = { paymentRequestId: string; captured: { amount: number; currency: string } | null };

async function refundTarget(attempt: PaymentAttempt): Promise<Target> {
  if (!attempt.xenditRequestId) throw new AppError("conflict", "This payment has no Xendit payment to refund");
  try {
    // A card paid in a payment session: the refund names the session's payment request.
    const session = isSessionId(attempt.xenditRequestId) ? await xendit().getSession(attempt.xenditRequestId) : null;
    const paymentRequestId = session ? session.payment_request_id : attempt.xenditRequestId;
    if (!paymentRequestId) throw new AppError("conflict", "Xendit shows no payment in this card session");
    if (attempt.status === "SUCCEEDED") return { paymentRequestId, captured: null };
    // The wrong amount was paid: refund what Xendit collected.
    const paymentId = session ? session.payment_id : (await xendit().getPaymentRequest(paymentRequestId)).latest_payment_id;
    const payment = paymentId ? await xendit().getPayment(paymentId) : null;
    if (payment?.status !== "SUCCEEDED") throw new AppError("conflict", "Xendit shows no collected payment to refund");
    const amount = payment.captures?.length ? payment.captures.reduce((sum, c) => sum + c.capture_amount, 0) : payment.request_amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0 || !/^[A-Z]{3}$/.test(payment.currency))
      throw new AppError("conflict", "Xendit's record of this payment names no amount that can be refunded");
    return { paymentRequestId, captured: { amount, currency: payment.currency } };
  } catch (error) {
    if (error instanceof XenditError)
      throw new AppError("unavailable", `Xendit could not be asked about this payment (${error.code}); try again in a minute`);
    throw error;
  }
}

/** Refunds still PENDING, or sent again and still unanswered, are asked about again after this long. */
const RECONCILE_AFTER_MS = 5 * 60_000;

/**
 * Reconciliation of refunds: neither a lost webhook nor a lost answer leaves a refund waiting for
 * good. Every minute, PENDING refunds not changed for five minutes are read from Xendit (GET
 * /refunds/{id}) and settled like a webhook would; one still pending is looked at again five
 * minutes later (its updated_at marks the look). A Xendit refund still CREATING 30 s after it was
 * sent lost its answer: it is looked up by its reference or sent again as it was (`sendAgain`),
 * then again every five minutes while Xendit says nothing of it.
 */
export async function reconcileRefunds(now = new Date()): Promise<{ checked: number; failed: number }> {
  const db = await getDb();
  const at = (ms: number) => new Date(now.getTime() - ms);
  const [open, unanswered] = await Promise.all([
    db
      .selectFrom("refunds")
      .selectAll()
      .where("status", "=", "PENDING")
      .where("xenditRefundId", "is not", null)
      .where("updatedAt", "<", at(RECONCILE_AFTER_MS))
      .orderBy("updatedAt")
      .limit(50)
      .execute(),
    db
      .selectFrom("refunds")
      .selectAll()
      .where("status", "=", "CREATING")
      .where("way", "=", "XENDIT")
      .where("createdAt", "<", at(RESEND_AFTER_MS))
      // Never looked at since it was sent (updated_at is created_at), else not for five minutes.
      .where((eb) => eb.or([eb("updatedAt", "<=", eb.ref("createdAt")), eb("updatedAt", "<", at(RECONCILE_AFTER_MS))]))
      .orderBy("updatedAt")
      .limit(50)
      .execute(),
  ]);
  let failed = 0;
  for (const row of open) {
    try {
      const result = await settleWith(await xendit().getRefund(row.xenditRefundId!), row.id);
      if (result.outcome !== "applied") await db.updateTable("refunds").set({ updatedAt: sql`now()` }).where("id", "=", row.id).execute();
    } catch (error) {
      failed++;
      console.warn(`Reconciliation of refund ${row.xenditRefundId} failed:`, error instanceof Error ? error.message : error);
    }
  }
  for (const row of unanswered) {
    try {
      const attempt = row.paymentAttemptId
        ? await db.selectFrom("paymentAttempts").selectAll().where("id", "=", row.paymentAttemptId).executeTakeFirst()
        : undefined;
      if (!attempt) throw new Error("its payment attempt is gone");
      await sendAgain(row, (await refundTarget(attempt)).paymentRequestId);
    } catch (error) {
      failed++;
      console.warn(`Sending refund ${row.id} again failed:`, error instanceof Error ? error.message : error);
    }
  }
  return { checked: open.length + unanswered.length, failed };
}

/**
 * Orders whose refund state a migration left to the app's rule (refund_state_stale: 0017's orders
 * with refunds made before it): each worked out under its lock and taken off the list, in one
 * transaction, so a second run, or another instance's, finds nothing left to do. Answers how many.
 */
export async function recomputeStaleRefundStates(limit = 100): Promise<number> {
  const db = await getDb();
  const stale = await db.selectFrom("refundStateStale").select("orderId").orderBy("orderId").limit(limit).execute();
  for (const { orderId } of stale)
    await db.transaction().execute(async (tx) => {
      const order = await lockOrder(tx, orderId);
      const taken = await tx.deleteFrom("refundStateStale").where("orderId", "=", orderId).returning("orderId").executeTakeFirst();
      if (order && taken) await keepRefundState(tx, order);
    });
  return stale.length;
}

defineJob(
  "refunds-reconcile",
  async () => {
    await recomputeStaleRefundStates();
    await reconcileRefunds();
  },
  { schedule: { cron: "* * * * *" }, queue: { policy: "singleton", retryLimit: 0 } },
);
