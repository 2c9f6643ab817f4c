import { sql } from "kysely";
import { config } from "#server/config.ts";
import { getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { enqueueMail } from "#server/mail/index.ts";
import { changePaymentStatus } from "#server/orders/queries.ts";
import type { PaymentAttempt } from "./attempts.ts";
import { keepRefundStateAfterPayment } from "./refund-ledger.ts";

/**
 * What Xendit says about a payment request — from a webhook, from polling, or from the
 * reconciliation job. All three go through `applyProviderUpdate`, so they settle on one state
 * whatever order they arrive in.
 */
export type ProviderUpdate = {
  status: "PENDING" | "SUCCEEDED" | "FAILED" | "EXPIRED" | "CANCELLED";
  failureCode?: string | null;
  paymentId?: string | null;
  /**
   * What was paid, as the update says: a success marks the order paid only when both are given and
   * equal the attempt's. Updates that speak of money (webhooks, status checks) always set
   * `currency`, even to null, so a failure in another currency is caught too; undefined means the
   * source says nothing of money (a cancel made by the shop itself).
   */
  amount?: unknown;
  currency?: unknown;
  /** The reference id the update carries, when it does: it must be the attempt's. */
  referenceId?: string | null;
  /** For the order's history: 'webhook payment.capture', 'reconciliation', … */
  source: string;
};

export type UpdateOutcome = { outcome: "applied" | "ignored" | "flagged"; flag?: string; attempt: PaymentAttempt | null };

/** Xendit's statuses, spelled as the shop stores them (Xendit writes CANCELED with one L). */
export function updateFromXenditStatus(status: string): ProviderUpdate["status"] {
  switch (status) {
    case "SUCCEEDED":
      return "SUCCEEDED";
    case "FAILED":
      return "FAILED";
    case "EXPIRED":
      return "EXPIRED";
    case "CANCELED":
    case "CANCELLED":
      return "CANCELLED";
    default:
      return "PENDING";
  }
}

const terminal = new Set(["SUCCEEDED", "FAILED", "EXPIRED", "CANCELLED", "ERROR"]);

/**
 * Applies an update to the attempt with this Xendit payment request id, and to its order.
 * Monotonic: a success is final and wins over an earlier failure or expiry (money moved); a
 * failure or expiry after a success changes nothing. A success whose amount or currency differs
 * from the attempt's, or that arrives for a cancelled order, is flagged and never marks anything
 * paid. Every e-mail is deduplicated, so a repeat changes nothing.
 */
export async function applyProviderUpdate(xenditRequestId: string, update: ProviderUpdate, tx?: Tx): Promise<UpdateOutcome> {
  if (tx) return applyIn(tx, xenditRequestId, update);
  return (await getDb()).transaction().execute((t) => applyIn(t, xenditRequestId, update));
}

async function applyIn(tx: Tx, xenditRequestId: string, update: ProviderUpdate): Promise<UpdateOutcome> {
  const attempt = await tx
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("xenditRequestId", "=", xenditRequestId)
    .forUpdate()
    .limit(1)
    .executeTakeFirst();
  if (!attempt) return { outcome: "flagged", flag: "unknown payment request", attempt: null };
  if (update.referenceId && update.referenceId !== referenceIdOf(attempt))
    return flag(tx, attempt, `reference mismatch: ${update.referenceId.slice(0, 80)}`);
  if (update.status === "PENDING") return touch(tx, attempt);

  if (update.status === "SUCCEEDED") {
    const mismatch = paidMismatch(attempt, update);
    if (mismatch) return flag(tx, attempt, mismatch);
    if (attempt.status === "SUCCEEDED") return { outcome: "ignored", attempt };
    // Money already reported wrong for this payment (e.g. a short capture inside a session whose own
    // event then speaks of the asked amount): a person decides, no later success overrides it.
    if (attempt.flag && /^(amount|currency) mismatch/.test(attempt.flag)) return { outcome: "flagged", flag: attempt.flag, attempt };
    const order = await tx.selectFrom("orders").selectAll().where("id", "=", attempt.orderId).forUpdate().limit(1).executeTakeFirst();
    const paid = await save(tx, attempt, {
      status: "SUCCEEDED",
      failureCode: null,
      xenditPaymentId: update.paymentId ?? attempt.xenditPaymentId,
    });
    if (!order) return flag(tx, paid, "order not found");
    if (order.status === "CANCELLED") return flag(tx, paid, "paid after the order was cancelled");
    if (order.paymentStatus === "SUCCEEDED") return flag(tx, paid, "order already paid by another payment");
    // A custom hat's deposit, then its balance (docs/decisions/026-custom-quotes.md).
    if (attempt.part === "DEPOSIT" && order.paymentStatus === "DEPOSIT_PAID")
      return flag(tx, paid, "deposit already paid by another payment");
    if (attempt.part === "BALANCE" && order.paymentStatus !== "DEPOSIT_PAID") return flag(tx, paid, "balance paid before the deposit");
    const next = attempt.part === "DEPOSIT" ? "DEPOSIT_PAID" : "SUCCEEDED";
    const what = attempt.part === "FULL" ? "paid" : attempt.part === "DEPOSIT" ? "deposit paid" : "balance paid";
    await changePaymentStatus(tx, order, next, `${what} (${attempt.method}, ${update.source})`);
    await keepRefundStateAfterPayment(tx, order.id);
    return { outcome: "applied", attempt: paid };
  }

  // FAILED, EXPIRED or CANCELLED: only a payment still open can end so.
  if (terminal.has(attempt.status)) return { outcome: "ignored", attempt };
  if (update.currency !== undefined && update.currency !== attempt.currency)
    return flag(tx, attempt, `currency mismatch: ${describe(update.currency)}, expected ${attempt.currency}`);
  const ended = await save(tx, attempt, {
    status: update.status,
    failureCode: update.failureCode ?? null,
    xenditPaymentId: update.paymentId ?? attempt.xenditPaymentId,
  });
  const order = await tx.selectFrom("orders").selectAll().where("id", "=", attempt.orderId).forUpdate().limit(1).executeTakeFirst();
  const newest = await tx
    .selectFrom("paymentAttempts")
    .select("id")
    .where("orderId", "=", attempt.orderId)
    .orderBy("attempt", "desc")
    .limit(1)
    .executeTakeFirst();
  // An older attempt ending does not concern the order: the customer has moved on to a newer one.
  if (order && newest?.id === attempt.id && order.paymentStatus === "PENDING" && order.status !== "CANCELLED") {
    const why =
      update.status === "EXPIRED" ? "expired" : update.status === "CANCELLED" ? "cancelled" : `failed: ${update.failureCode ?? "unknown"}`;
    await changePaymentStatus(tx, order, "FAILED", `payment ${why} (${attempt.method}, ${update.source})`, {
      expired: update.status === "EXPIRED",
    });
    await keepRefundStateAfterPayment(tx, order.id);
  }
  return { outcome: "applied", attempt: ended };
}

/**
 * A card that failed inside a payment session: the session stays open (the customer may try
 * another card), so only the reason is kept, for the failed page if the customer gives up.
 */
export async function noteSessionFailure(sessionId: string, update: ProviderUpdate, tx: Tx): Promise<UpdateOutcome> {
  const attempt = await tx
    .selectFrom("paymentAttempts")
    .selectAll()
    .where("xenditRequestId", "=", sessionId)
    .forUpdate()
    .limit(1)
    .executeTakeFirst();
  if (!attempt) return { outcome: "flagged", flag: "unknown payment request", attempt: null };
  if (update.referenceId && update.referenceId !== referenceIdOf(attempt))
    return flag(tx, attempt, `reference mismatch: ${update.referenceId.slice(0, 80)}`);
  if (update.currency !== attempt.currency)
    return flag(tx, attempt, `currency mismatch: ${describe(update.currency)}, expected ${attempt.currency}`);
  if (attempt.status !== "PENDING") return { outcome: "ignored", attempt };
  const row = await tx
    .updateTable("paymentAttempts")
    .set({ failureCode: update.failureCode ?? "FAILURE_DETAILS_UNAVAILABLE", updatedAt: sql`now()` })
    .where("id", "=", attempt.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { outcome: "applied", attempt: row };
}

/** The reference id sent to Xendit for an attempt: order id and attempt number. */
export function referenceIdOf(attempt: Pick<PaymentAttempt, "orderId" | "attempt">): string {
  return `${attempt.orderId}:${attempt.attempt}`;
}

/**
 * Why a success cannot mark the attempt paid, or null: the amount must be a number equal to the
 * attempt's whole rupiah and the currency the attempt's. A missing amount, a string ("1") or a
 * missing currency is a mismatch, never a pass.
 */
function paidMismatch(attempt: PaymentAttempt, update: ProviderUpdate): string | null {
  if (update.currency !== attempt.currency) return `currency mismatch: paid ${describe(update.currency)}, expected ${attempt.currency}`;
  if (typeof update.amount !== "number" || update.amount !== attempt.amount)
    return `amount mismatch: paid ${describe(update.amount)}, expected ${attempt.amount}`;
  return null;
}

/** A value from a webhook, for a flag: strings quoted, so "1" and 1 read differently. */
function describe(value: unknown): string {
  if (value === undefined || value === null) return "none";
  return (typeof value === "string" ? JSON.stringify(value) : String(value)).slice(0, 40);
}

async function save(
  tx: Tx,
  attempt: PaymentAttempt,
  change: Pick<PaymentAttempt, "status" | "failureCode" | "xenditPaymentId">,
): Promise<PaymentAttempt> {
  return tx
    .updateTable("paymentAttempts")
    .set({ ...change, checkedAt: sql`now()`, updatedAt: sql`now()` })
    .where("id", "=", attempt.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function touch(tx: Tx, attempt: PaymentAttempt): Promise<UpdateOutcome> {
  const row = await tx
    .updateTable("paymentAttempts")
    .set({ checkedAt: sql`now()` })
    .where("id", "=", attempt.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { outcome: "ignored", attempt: row };
}

/** Records why a payment needs a person, and tells the shop once per payment and reason. */
async function flag(
  tx: Tx,
  attempt: PaymentAttempt,
  why: string,
  paid?: { amount?: number | null; currency?: string | null },
): Promise<UpdateOutcome> {
  console.warn(`Payment ${attempt.xenditRequestId} of order ${attempt.orderId} flagged: ${why}`);
  const row = await tx
    .updateTable("paymentAttempts")
    .set({ flag: why, updatedAt: sql`now()` })
    .where("id", "=", attempt.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // A flagged payment may have taken money (paid twice, the wrong amount): what the order holds changed.
  await keepRefundStateAfterPayment(tx, attempt.orderId);
  const order = await tx.selectFrom("orders").selectAll().where("id", "=", attempt.orderId).limit(1).executeTakeFirst();
  if (order) {
    await enqueueMail(
      {
        template: "shop-payment-flagged",
        vars: {
          order,
          payment: {
            id: attempt.xenditRequestId ?? attempt.id,
            method: attempt.method,
            amount: paid?.amount ?? attempt.amount,
            currency: paid?.currency ?? attempt.currency,
          },
          reason: why,
        },
        dedupeKey: `payment-flagged:${attempt.id}:${why.split(":")[0]}`,
        locale: "en",
        to: config().SHOP_MAIL_TO,
        orderId: order.id,
      },
      { tx },
    );
  }
  return { outcome: "flagged", flag: why, attempt: row };
}
