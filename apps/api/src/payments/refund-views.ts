import type { RefundState } from "@workshop/domain/refunds.ts";
import { getDb } from "#server/db/client.ts";
import type { Row } from "#server/db/types.ts";
import type { Order } from "#server/orders/types.ts";
import type { PaymentAttempt } from "./attempts.ts";
import { collected, IN_STORE, type Ledger, type LedgerPayment, ledgerOf, unansweredRefund } from "./refund-ledger.ts";
import { refundSupportOf } from "./xendit/channels.ts";

/**
 * What the order page and the API show of an order's refunds: each payment with why its money
 * might go back, what is left of it and how it may be refunded now; each refund with its payment.
 */

/** A refund row, its payment named by id (IN_STORE for the workshop's), number within the order (0) and method. */
export type RefundView = Omit<Row<"refunds">, "paymentAttemptId"> & { paymentAttemptId: string; attempt: number; method: string };

/** Why a payment needs its money sent back. */
type RefundCause = "paid-twice" | "paid-after-cancel" | "order-cancelled" | "wrong-amount" | "flagged";

/**
 * Why Xendit cannot refund a payment now (a refund by hand may still be recorded: `byHand`);
 * `send-again`: its Xendit refund lost its answer, and may be sent again (`unanswered`).
 */
type RefundBlock = "not-paid" | "refunded" | "channel-not-supported" | "in-progress" | "send-again" | "full-only";

export type RefundableAttempt = {
  /** The payment attempt's id, or IN_STORE for the payment in the workshop. */
  paymentAttemptId: string;
  attempt: number;
  method: string;
  channelCode: string;
  /** FULL, or a custom hat's DEPOSIT or BALANCE. */
  part: string;
  amount: number;
  currency: string;
  status: string;
  flag: string | null;
  cause: RefundCause | null;
  /** True when Xendit may refund it now; otherwise `blockedBy` says why not. */
  refundable: boolean;
  blockedBy: RefundBlock | null;
  /** Whether a refund made by hand may be recorded for it (money is left; a wrong amount's in full, as Xendit collected it). */
  byHand: boolean;
  /** Whether Xendit refunds its channel at all, in part, or only in full. */
  xendit: "none" | "full" | "partial";
  /** What it took in US cents, what went back (done), and what is left to refund (not counting failed refunds). */
  paidUsdCents: number;
  refundedAmount: number;
  refundedUsdCents: number;
  leftAmount: number;
  leftUsdCents: number;
  /** The newest refund of this payment, if any. */
  refund: RefundView | null;
  /** Its Xendit refund whose answer was lost (30 s and more), which the owner may send again as it was. */
  unanswered: {
    refundId: string;
    amount: number;
    currency: string;
    amountUsdCents: number;
    reason: string;
    createdAt: Date;
  } | null;
};

export type OrderRefunds = {
  refunds: RefundView[];
  payments: RefundableAttempt[];
  money: {
    state: RefundState | null;
    paidAmount: number;
    paidUsdCents: number;
    refundedAmount: number;
    refundedUsdCents: number;
    leftUsdCents: number;
    /** Gone back beyond what the payments took (a refund that succeeded after it had failed): owners must look. */
    overRefundedUsdCents: number;
  };
};

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order's refunds and payments, for the owners' order page and `GET /api/orders/:id/refunds`; null for no such order. */
export async function orderRefunds(orderId: string): Promise<OrderRefunds | null> {
  const order = await findOrder(orderId);
  if (!order) return null;
  const db = await getDb();
  const [ledger, attempts] = await Promise.all([
    ledgerOf(db, order),
    db.selectFrom("paymentAttempts").selectAll().where("orderId", "=", order.id).orderBy("attempt", "asc").execute(),
  ]);
  return {
    refunds: ledger.refunds.map((row) => toView(row, order, attempts)),
    payments: paymentViews(order, ledger, attempts),
    money: {
      state: ledger.state,
      paidAmount: ledger.collected.amount,
      paidUsdCents: ledger.collected.usdCents,
      refundedAmount: ledger.refunded.amount,
      refundedUsdCents: ledger.refunded.usdCents,
      leftUsdCents: ledger.payments.reduce((n, p) => n + p.left.usdCents, 0),
      overRefundedUsdCents: ledger.overRefunded.usdCents,
    },
  };
}

/** The payments of an order, each with why it would need a refund and how it may have one. */
export async function refundableAttempts(orderId: string): Promise<RefundableAttempt[]> {
  return (await orderRefunds(orderId))?.payments ?? [];
}

/** An order's refunds, newest first. */
export async function refundsOf(orderId: string): Promise<RefundView[]> {
  return (await orderRefunds(orderId))?.refunds ?? [];
}

/** One refund as the API answers it. */
export async function refundView(id: string): Promise<RefundView> {
  const db = await getDb();
  const row = await db.selectFrom("refunds").selectAll().where("id", "=", id).limit(1).executeTakeFirstOrThrow();
  const order = await db.selectFrom("orders").selectAll().where("id", "=", row.orderId).limit(1).executeTakeFirstOrThrow();
  const attempts = row.paymentAttemptId
    ? await db.selectFrom("paymentAttempts").selectAll().where("id", "=", row.paymentAttemptId).execute()
    : [];
  return toView(row, order, attempts);
}

async function findOrder(orderId: string): Promise<Order | null> {
  if (!uuidPattern.test(orderId)) return null;
  const db = await getDb();
  return (await db.selectFrom("orders").selectAll().where("id", "=", orderId).limit(1).executeTakeFirst()) ?? null;
}

function paymentViews(order: Order, ledger: Ledger, attempts: PaymentAttempt[]): RefundableAttempt[] {
  const cancelled = order.status === "CANCELLED";
  const views = attempts.map((attempt) => {
    const payment = ledger.payments.find((p) => p.id === attempt.id) ?? null;
    return view(order, payment, attempt, causeOf(attempt, attempts, cancelled), attempts);
  });
  const inStore = ledger.payments.find((p) => p.id === IN_STORE);
  return inStore ? [view(order, inStore, null, cancelled ? "order-cancelled" : null, attempts), ...views] : views;
}

function view(
  order: Order,
  payment: LedgerPayment | null,
  attempt: PaymentAttempt | null,
  cause: RefundCause | null,
  attempts: PaymentAttempt[],
): RefundableAttempt {
  const xendit = attempt ? refundSupportOf(attempt.channelCode) : "none";
  const blockedBy = blockOf(payment, xendit);
  const newest = payment?.refunds[0] ?? null;
  const unanswered = unansweredRefund(payment);
  return {
    paymentAttemptId: attempt?.id ?? IN_STORE,
    attempt: attempt?.attempt ?? 0,
    method: attempt?.method ?? order.paymentMethod,
    channelCode: attempt?.channelCode ?? "",
    part: attempt?.part ?? payment?.part ?? "FULL",
    amount: attempt?.amount ?? payment?.paid.amount ?? 0,
    currency: attempt?.currency ?? payment?.currency ?? "IDR",
    status: attempt?.status ?? "SUCCEEDED",
    flag: attempt?.flag ?? null,
    cause,
    refundable: blockedBy === null,
    blockedBy,
    byHand: payment !== null && payment.left.usdCents > 0,
    xendit,
    paidUsdCents: payment?.paid.usdCents ?? 0,
    refundedAmount: payment?.refunded.amount ?? 0,
    refundedUsdCents: payment?.refunded.usdCents ?? 0,
    leftAmount: payment?.left.amount ?? 0,
    leftUsdCents: payment?.left.usdCents ?? 0,
    refund: newest ? toView(newest, order, attempts) : null,
    unanswered: unanswered && {
      refundId: unanswered.id,
      amount: unanswered.amount,
      currency: unanswered.currency,
      amountUsdCents: unanswered.amountUsdCents,
      reason: unanswered.reason,
      createdAt: unanswered.createdAt,
    },
  };
}

/** Why Xendit cannot refund this payment now, or null when it can. */
export function blockOf(payment: LedgerPayment | null, xendit: "none" | "full" | "partial"): RefundBlock | null {
  if (!payment) return "not-paid";
  if (unansweredRefund(payment)) return "send-again";
  const open = payment.refunds.some((r) => r.way === "XENDIT" && (r.status === "CREATING" || r.status === "PENDING"));
  if (payment.left.usdCents <= 0) return open ? "in-progress" : "refunded";
  if (xendit === "none") return "channel-not-supported";
  // Xendit takes one refund of a payment at a time (REFUND_IN_PROGRESS).
  if (open) return "in-progress";
  if (xendit === "full" && payment.taken.usdCents > 0) return "full-only";
  return null;
}

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
  if (/^(amount|currency) mismatch/.test(flag)) return "wrong-amount";
  // A custom hat's deposit and balance are two payments of one order (decision 026): each part has its own.
  const successes = all.filter((a) => a.status === "SUCCEEDED" && a.part === attempt.part);
  const own = successes.find((a) => !a.flag) ?? successes[0];
  if (own && own.id !== attempt.id) return "paid-twice";
  return flag ? "flagged" : null;
}

function toView(row: Row<"refunds">, order: Order, attempts: PaymentAttempt[]): RefundView {
  const attempt = attempts.find((a) => a.id === row.paymentAttemptId);
  return {
    ...row,
    paymentAttemptId: row.paymentAttemptId ?? IN_STORE,
    attempt: attempt?.attempt ?? 0,
    method: attempt?.method ?? (row.paymentAttemptId ? "" : order.paymentMethod),
  };
}
