import { sql } from "kysely";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import type { Row as TableRow } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";
import { defineJob } from "#server/jobs/index.ts";
import type { PaymentAttempt } from "./attempts.ts";
import { refundStatusOf, settleRefund } from "./refund-updates.ts";
import { isSessionId, refundSupportOf } from "./xendit/channels.ts";
import { type RefundReason, refundReasons, XenditError } from "./xendit/client.ts";
import { xendit } from "./xendit/connection.ts";

/**
 * Full refunds of payments the shop should not have taken, through Xendit's Refunds API
 * (docs/decisions/014; https://docs.xendit.co/apidocs/refund-payment-request). Owners only.
 *
 * A refund row is written (CREATING) before Xendit is asked, in the transaction that holds the
 * payment attempt's row lock, so two requests at once make one refund; its id is the reference id
 * and idempotency key sent to Xendit, so a retry never refunds twice. Xendit answers PENDING; the
 * refund webhooks settle the row (refund-updates.ts). The order's payment status never changes.
 */
/** A refund row (status CREATING until Xendit answers), with its attempt's number within the order and method (BCA, DANA, CARD, …). */
export type RefundView = TableRow<"refunds"> & { attempt: number; method: string };

/** Why a payment needs its money sent back. */
type RefundCause = "paid-twice" | "paid-after-cancel" | "order-cancelled" | "wrong-amount" | "flagged";

/** Why a payment cannot be refunded here now. */
type RefundBlock = "not-paid" | "not-needed" | "channel-not-supported" | "in-progress" | "refunded";

export type RefundableAttempt = {
  paymentAttemptId: string;
  attempt: number;
  method: string;
  channelCode: string;
  amount: number;
  currency: string;
  status: string;
  flag: string | null;
  cause: RefundCause | null;
  /** True when an owner may refund it now; otherwise `blockedBy` says why not. */
  refundable: boolean;
  blockedBy: RefundBlock | null;
  /** The newest refund of this payment, if any. */
  refund: RefundView | null;
};

/** A CREATING row older than this lost its answer from Xendit (the client gives up after 10 s): it may be sent again. */
const RESEND_AFTER_MS = 30_000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const wrongMoney = /^(amount|currency) mismatch/;

type Row = TableRow<"refunds">;

/** The payments of an order, each with why it would need a refund and whether it may have one. */
export async function refundableAttempts(orderId: string): Promise<RefundableAttempt[]> {
  if (!uuidPattern.test(orderId)) return [];
  const { attempts, rows, cancelled } = await paymentsOf(orderId);
  const views = rows.map((row) => toView(row, attempts));
  return attempts.map((attempt) => {
    const refund = views.find((view) => view.paymentAttemptId === attempt.id) ?? null;
    const cause = causeOf(attempt, attempts, cancelled);
    const blockedBy = blockOf(attempt, cause, refund);
    return {
      paymentAttemptId: attempt.id,
      attempt: attempt.attempt,
      method: attempt.method,
      channelCode: attempt.channelCode,
      amount: attempt.amount,
      currency: attempt.currency,
      status: attempt.status,
      flag: attempt.flag,
      cause,
      refundable: blockedBy === null,
      blockedBy,
      refund,
    };
  });
}

/** An order's refunds, newest first, for the order page. */
export async function refundsOf(orderId: string): Promise<RefundView[]> {
  if (!uuidPattern.test(orderId)) return [];
  const { attempts, rows } = await paymentsOf(orderId);
  return rows.map((row) => toView(row, attempts));
}

/**
 * Refunds a payment attempt in full: the amount and currency are the attempt's own (for a
 * payment of the wrong amount, what Xendit says it collected), never the caller's.
 */
export async function refundPayment(input: {
  orderId: string;
  paymentAttemptId: string;
  reason: string;
  actor: Actor;
}): Promise<RefundView> {
  const { orderId, paymentAttemptId, actor } = input;
  if (actor.role !== "owner" && actor.role !== "machine") throw new AppError("forbidden", "Only an owner may refund a payment");
  if (!(refundReasons as readonly string[]).includes(input.reason))
    throw new AppError("invalid", `reason must be one of ${refundReasons.join(", ")}`);
  const reason = input.reason as RefundReason;
  if (!uuidPattern.test(orderId)) throw new AppError("not_found", "Order not found");
  if (!uuidPattern.test(paymentAttemptId)) throw new AppError("not_found", "Payment not found");
  const db = await getDb();
  const order = await db.selectFrom("orders").select("id").where("id", "=", orderId).limit(1).executeTakeFirst();
  if (!order) throw new AppError("not_found", "Order not found");
  const found = await db.selectFrom("paymentAttempts").selectAll().where("id", "=", paymentAttemptId).limit(1).executeTakeFirst();
  if (!found) throw new AppError("not_found", "Payment not found");
  if (found.orderId !== orderId) throw new AppError("invalid", "This payment belongs to another order");

  const before = (await refundableAttempts(orderId)).find((a) => a.paymentAttemptId === paymentAttemptId)!;
  const resend = staleCreating(before.refund);
  if (before.blockedBy && !(resend && before.blockedBy === "in-progress")) throw refusal(before);
  // What to send: Xendit's payment request id and the money collected (read from Xendit when the
  // stored attempt cannot say). Asked before any row is written: a failed read leaves nothing.
  const target = await refundTarget(found);

  const row = resend
    ? (await db.selectFrom("refunds").selectAll().where("id", "=", resend.id).limit(1).executeTakeFirst())!
    : await db.transaction().execute(async (tx) => {
        // The attempt's row lock makes refunds of one payment take turns: the second one sees the first.
        const attempt = await tx
          .selectFrom("paymentAttempts")
          .selectAll()
          .where("id", "=", paymentAttemptId)
          .forUpdate()
          .limit(1)
          .executeTakeFirst();
        const earlier = await tx
          .selectFrom("refunds")
          .selectAll()
          .where("paymentAttemptId", "=", paymentAttemptId)
          .orderBy("createdAt", "desc")
          .execute();
        const open = earlier.find((r) => r.status !== "FAILED");
        if (open) throw refusal({ ...before, blockedBy: open.status === "SUCCEEDED" ? "refunded" : "in-progress" });
        const created = await tx
          .insertInto("refunds")
          .values({
            orderId,
            paymentAttemptId,
            amount: target.amount,
            currency: target.currency,
            status: "CREATING",
            reason,
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
              paymentAttemptId,
              attempt: attempt!.attempt,
              method: attempt!.method,
              paymentStatus: attempt!.status,
              flag: attempt!.flag,
              refunds: earlier.map((r) => ({ id: r.id, status: r.status, failureCode: r.failureCode })),
            },
            after: {
              refundId: created.id,
              paymentAttemptId,
              amount: created.amount,
              currency: created.currency,
              reason,
              status: created.status,
            },
          },
          tx,
        );
        return created;
      });

  try {
    const answer = await xendit().createRefund(
      {
        payment_request_id: target.paymentRequestId,
        reference_id: row.id,
        amount: row.amount,
        currency: row.currency,
        reason,
        metadata: { order_id: orderId, payment_attempt_id: paymentAttemptId },
      },
      row.id,
    );
    await db.transaction().execute((tx) =>
      settleRefund(
        tx,
        {
          xenditRefundId: answer.id,
          referenceId: row.id,
          status: refundStatusOf(answer.status),
          failureCode: answer.failure_code ?? null,
          amount: answer.amount,
          currency: answer.currency,
        },
        row.id,
      ),
    );
  } catch (error) {
    if (!(error instanceof XenditError)) throw error;
    // The same key was sent before (a retry after a lost answer): that refund exists at Xendit and
    // its webhook, which carries our reference id, settles the row.
    if (error.status === 409 && error.code === "DUPLICATE_ERROR") return view(row.id);
    // Sent again after a lost answer: a refusal because a refund is under way or the money is
    // already refunded means the first sending arrived. The row waits for its webhook.
    if (resend && ["REFUND_IN_PROGRESS", "REFUND_AMOUNT_EXCEEDED"].includes(error.code)) return view(row.id);
    if (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
      await db
        .updateTable("refunds")
        .set({ status: "FAILED", failureCode: error.code.slice(0, 100), updatedAt: new Date() })
        .where("id", "=", row.id)
        .execute();
      throw new AppError("conflict", `Xendit refused the refund (${error.code}): ${error.message}`);
    }
    throw new AppError(
      "unavailable",
      "Xendit did not answer. The refund is kept as being created: Xendit's webhook settles it if it arrived, and trying again in a minute sends it again safely",
    );
  }
  return view(row.id);
}

/** Refunds still PENDING after this long are asked about by the reconciliation job. */
const RECONCILE_AFTER_MS = 5 * 60_000;

/**
 * Reconciliation of refunds: a lost refund webhook never leaves a refund PENDING for good. Every
 * minute, PENDING refunds not changed for five minutes are read from Xendit (GET /refunds/{id})
 * and settled like a webhook would; one still pending is looked at again five minutes later
 * (its updated_at marks the look).
 */
export async function reconcileRefunds(now = new Date()): Promise<{ checked: number; failed: number }> {
  const db = await getDb();
  const open = await db
    .selectFrom("refunds")
    .selectAll()
    .where("status", "=", "PENDING")
    .where("updatedAt", "<", new Date(now.getTime() - RECONCILE_AFTER_MS))
    .orderBy("updatedAt")
    .limit(50)
    .execute();
  let failed = 0;
  for (const row of open) {
    try {
      const answer = await xendit().getRefund(row.xenditRefundId!);
      const result = await db.transaction().execute((tx) =>
        settleRefund(
          tx,
          {
            xenditRefundId: answer.id,
            referenceId: row.id,
            status: refundStatusOf(answer.status),
            failureCode: answer.failure_code ?? null,
            amount: answer.amount,
            currency: answer.currency,
          },
          row.id,
        ),
      );
      if (result.outcome !== "applied") await db.updateTable("refunds").set({ updatedAt: sql`now()` }).where("id", "=", row.id).execute();
    } catch (error) {
      failed++;
      console.warn(`Reconciliation of refund ${row.xenditRefundId} failed:`, error instanceof Error ? error.message : error);
    }
  }
  return { checked: open.length, failed };
}

defineJob(
  "refunds-reconcile",
  async () => {
    await reconcileRefunds();
  },
  { schedule: { cron: "* * * * *" }, queue: { policy: "singleton", retryLimit: 0 } },
);

function refusal(attempt: Pick<RefundableAttempt, "blockedBy" | "method">): AppError {
  switch (attempt.blockedBy) {
    case "not-paid":
      return new AppError("conflict", "This payment has not been paid: there is nothing to refund");
    case "not-needed":
      return new AppError(
        "conflict",
        "This payment is the order's own and nothing flags it: only a payment taken twice, after a cancel or for the wrong amount is refunded here",
      );
    case "channel-not-supported":
      return new AppError("conflict", `Xendit cannot refund ${attempt.method} payments: send the money back another way`);
    case "refunded":
      return new AppError("conflict", "This payment has already been refunded");
    default:
      return new AppError("conflict", "This payment already has a refund in progress");
  }
}

function staleCreating(refund: RefundView | null): RefundView | null {
  return refund?.status === "CREATING" && Date.now() - refund.createdAt.getTime() > RESEND_AFTER_MS ? refund : null;
}

/** Whether Xendit collected money for this attempt (a payment of the wrong amount stays PENDING but was taken). */
const collected = (attempt: PaymentAttempt) => attempt.status === "SUCCEEDED" || wrongMoney.test(attempt.flag ?? "");

/**
 * Why an attempt needs a refund: its flag (paid twice, after a cancel, the wrong amount), or being
 * a success beside the order's own payment (the first unflagged success, else the first success).
 */
function causeOf(attempt: PaymentAttempt, all: PaymentAttempt[], orderCancelled: boolean): RefundCause | null {
  if (!collected(attempt)) return null;
  const flag = attempt.flag ?? "";
  if (flag.startsWith("paid after the order was cancelled")) return "paid-after-cancel";
  // Staff cancelled an order that was paid: its own payment goes back too.
  if (orderCancelled) return "order-cancelled";
  if (flag.startsWith("order already paid by another payment") || flag.startsWith("deposit already paid by another payment"))
    return "paid-twice";
  if (wrongMoney.test(flag)) return "wrong-amount";
  // A custom hat's deposit and balance are two payments of one order (decision 026): each part has its own.
  const successes = all.filter((a) => a.status === "SUCCEEDED" && a.part === attempt.part);
  const own = successes.find((a) => !a.flag) ?? successes[0];
  if (own && own.id !== attempt.id) return "paid-twice";
  return flag ? "flagged" : null;
}

function blockOf(attempt: PaymentAttempt, cause: RefundCause | null, refund: RefundView | null): RefundBlock | null {
  if (!collected(attempt)) return "not-paid";
  if (!cause) return "not-needed";
  if (refundSupportOf(attempt.channelCode) === "none") return "channel-not-supported";
  if (refund?.status === "SUCCEEDED") return "refunded";
  if (refund && refund.status !== "FAILED") return "in-progress";
  return null;
}

type Target = { paymentRequestId: string; amount: number; currency: string };

async function refundTarget(attempt: PaymentAttempt): Promise<Target> {
  if (!attempt.xenditRequestId) throw new AppError("conflict", "This payment has no Xendit payment to refund");
  try {
    // A card paid in a payment session: the refund names the session's payment request.
    const session = isSessionId(attempt.xenditRequestId) ? await xendit().getSession(attempt.xenditRequestId) : null;
    const paymentRequestId = session ? session.payment_request_id : attempt.xenditRequestId;
    if (!paymentRequestId) throw new AppError("conflict", "Xendit shows no payment in this card session");
    if (attempt.status === "SUCCEEDED") return { paymentRequestId, amount: attempt.amount, currency: attempt.currency };
    // The wrong amount was paid: refund what Xendit collected.
    const paymentId = session ? session.payment_id : (await xendit().getPaymentRequest(paymentRequestId)).latest_payment_id;
    const payment = paymentId ? await xendit().getPayment(paymentId) : null;
    if (payment?.status !== "SUCCEEDED") throw new AppError("conflict", "Xendit shows no collected payment to refund");
    const amount = payment.captures?.length ? payment.captures.reduce((sum, c) => sum + c.capture_amount, 0) : payment.request_amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0 || !/^[A-Z]{3}$/.test(payment.currency))
      throw new AppError("conflict", "Xendit's record of this payment names no amount that can be refunded");
    return { paymentRequestId, amount, currency: payment.currency };
  } catch (error) {
    if (error instanceof XenditError)
      throw new AppError("unavailable", `Xendit could not be asked about this payment (${error.code}); try again in a minute`);
    throw error;
  }
}

async function paymentsOf(orderId: string) {
  const db = await getDb();
  const [attempts, rows, order] = await Promise.all([
    db.selectFrom("paymentAttempts").selectAll().where("orderId", "=", orderId).orderBy("attempt", "asc").execute(),
    db.selectFrom("refunds").selectAll().where("orderId", "=", orderId).orderBy("createdAt", "desc").orderBy("id", "desc").execute(),
    db.selectFrom("orders").select("status").where("id", "=", orderId).limit(1).executeTakeFirst(),
  ]);
  return { attempts, rows, cancelled: order?.status === "CANCELLED" };
}

async function view(id: string): Promise<RefundView> {
  const db = await getDb();
  const row = await db.selectFrom("refunds").selectAll().where("id", "=", id).limit(1).executeTakeFirst();
  const attempt = await db.selectFrom("paymentAttempts").selectAll().where("id", "=", row!.paymentAttemptId).limit(1).executeTakeFirst();
  return toView(row!, attempt ? [attempt] : []);
}

function toView(row: Row, attempts: PaymentAttempt[]): RefundView {
  const attempt = attempts.find((a) => a.id === row.paymentAttemptId);
  return {
    id: row.id,
    orderId: row.orderId,
    paymentAttemptId: row.paymentAttemptId,
    attempt: attempt?.attempt ?? 0,
    method: attempt?.method ?? "",
    xenditRefundId: row.xenditRefundId,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    failureCode: row.failureCode,
    staffId: row.staffId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
