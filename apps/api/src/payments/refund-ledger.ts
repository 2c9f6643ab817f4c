import { type RefundState, refundStateOf } from "@workshop/domain/refunds.ts";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Row } from "#server/db/types.ts";
import type { Order } from "#server/orders/types.ts";
import type { PaymentAttempt } from "./attempts.ts";
import { isPaidOnline } from "./xendit/channels.ts";

/**
 * An order's payments and what each has left to refund (docs/decisions/047): every payment that
 * took money, what it is worth in US cents at the order's prices, its refunds, and what is left.
 * Refunds not failed count as gone (one under way may still succeed); a failed one gives its
 * amount back. Amounts are in the payment's currency, and in US cents side by side: every payment
 * of the shop is in whole rupiah at the order's own rate, so an order's sums are in rupiah.
 */

/** The order's payment in the workshop (cash, the sandbox's test card), named in place of an attempt's id. */
export const IN_STORE = "in-store";

type Refund = Row<"refunds">;
type Money = { amount: number; usdCents: number };

export type LedgerPayment = {
  /** The payment attempt's id, or IN_STORE. */
  id: string;
  attempt: PaymentAttempt | null;
  /** Its number within the order (0 for the payment in the workshop). */
  number: number;
  method: string;
  channelCode: string;
  /** FULL, or a custom hat's DEPOSIT or BALANCE. */
  part: string;
  currency: string;
  /** What it took, and that in US cents (its part of the order's price). */
  paid: Money;
  /**
   * A payment of the wrong amount: Xendit's capture is what it took (read when refunding), so it
   * goes back in full only; `paid` is what the order asked until its refund says what was taken.
   */
  wrongAmount: boolean;
  /** The order's own payment (in the workshop, or online and not flagged as money the order never asked for: `notOwnPaymentFlag`). */
  own: boolean;
  /** Its refunds, newest first. */
  refunds: Refund[];
  /** Refunds not failed, and refunds done. */
  taken: Money;
  refunded: Money;
  left: Money;
};

export type Ledger = {
  payments: LedgerPayment[];
  /** Every refund of the order, newest first. */
  refunds: Refund[];
  collected: Money;
  refunded: Money;
  /**
   * What went back beyond what its payment took: only a refund Xendit reported failed (its amount
   * given back) that then succeeded after all, once that amount had been refunded again.
   */
  overRefunded: Money;
  /** What the order's own payment status says it holds, in US cents: its total, its deposit, or nothing. */
  dueCents: number;
  state: RefundState | null;
};

const wrongMoney = /^(amount|currency) mismatch/;

/**
 * The flags of a payment that took money the order never asked for (provider-updates.ts): paid
 * after a cancel, a part already paid by another payment, a balance before its deposit, the wrong
 * amount. Such a payment is not the order's own: it never paid the order (the dashboard never
 * counted it as received), and what goes back of it is not the order's price given back.
 */
export const notOwnPaymentFlag =
  /^(paid after the order was cancelled|order already paid by another payment|deposit already paid by another payment|balance paid before the deposit|amount mismatch|currency mismatch)/;

/** Whether Xendit took money for this attempt (a payment of the wrong amount stays PENDING, but was taken). */
export const collected = (attempt: PaymentAttempt) => attempt.status === "SUCCEEDED" || wrongMoney.test(attempt.flag ?? "");
const isWrongAmount = (attempt: PaymentAttempt) => wrongMoney.test(attempt.flag ?? "");

/** The part of the order a payment pays, in US cents and rupiah. */
function partOf(order: Order, part: string): Money {
  const deposit = { amount: order.depositIdr ?? 0, usdCents: order.depositCents ?? 0 };
  if (part === "DEPOSIT") return deposit;
  if (part === "BALANCE") return { amount: order.totalIdr - deposit.amount, usdCents: order.totalCents - deposit.usdCents };
  return { amount: order.totalIdr, usdCents: order.totalCents };
}

const sum = (refunds: Refund[]): Money => ({
  amount: refunds.reduce((n, r) => n + r.amount, 0),
  usdCents: refunds.reduce((n, r) => n + r.amountUsdCents, 0),
});

/** The order's payments that took money, with their refunds. Read through `db` (a transaction holding the order's lock, to change anything). */
export async function ledgerOf(db: Db | Tx, order: Order): Promise<Ledger> {
  const [attempts, refunds] = await Promise.all([
    db.selectFrom("paymentAttempts").selectAll().where("orderId", "=", order.id).orderBy("attempt", "asc").execute(),
    db.selectFrom("refunds").selectAll().where("orderId", "=", order.id).orderBy("createdAt", "desc").orderBy("id", "desc").execute(),
  ]);
  const payments: LedgerPayment[] = [];
  const entry = (base: Omit<LedgerPayment, "refunds" | "taken" | "refunded" | "left">): LedgerPayment => {
    const own = refunds.filter((r) => (r.paymentAttemptId ?? IN_STORE) === base.id);
    const taken = sum(own.filter((r) => r.status !== "FAILED"));
    const refunded = sum(own.filter((r) => r.status === "SUCCEEDED"));
    // A wrong amount's capture is unknown here until its refund (in full) stands: that refund says it.
    const paid = base.wrongAmount && taken.amount > 0 ? taken : base.paid;
    const left = { amount: Math.max(paid.amount - taken.amount, 0), usdCents: Math.max(paid.usdCents - taken.usdCents, 0) };
    return { ...base, paid, refunds: own, taken, refunded, left };
  };
  for (const attempt of attempts) {
    if (!collected(attempt)) continue;
    payments.push(
      entry({
        id: attempt.id,
        attempt,
        number: attempt.attempt,
        method: attempt.method,
        channelCode: attempt.channelCode,
        part: attempt.part,
        currency: attempt.currency,
        paid: { amount: attempt.amount, usdCents: partOf(order, attempt.part).usdCents },
        wrongAmount: isWrongAmount(attempt),
        own: attempt.status === "SUCCEEDED" && !notOwnPaymentFlag.test(attempt.flag ?? ""),
      }),
    );
  }
  // Paid in the workshop: cash (or the sandbox's test card) for what the order's status says is paid.
  if (!isPaidOnline(order.paymentMethod) && (order.paymentStatus === "SUCCEEDED" || order.paymentStatus === "DEPOSIT_PAID")) {
    const part = order.paymentStatus === "DEPOSIT_PAID" ? "DEPOSIT" : "FULL";
    payments.unshift(
      entry({
        id: IN_STORE,
        attempt: null,
        number: 0,
        method: order.paymentMethod,
        channelCode: "",
        part,
        currency: "IDR",
        paid: partOf(order, part),
        wrongAmount: false,
        own: true,
      }),
    );
  }
  const collectedMoney = {
    amount: payments.reduce((n, p) => n + p.paid.amount, 0),
    usdCents: payments.reduce((n, p) => n + p.paid.usdCents, 0),
  };
  const refunded = sum(refunds.filter((r) => r.status === "SUCCEEDED"));
  const overRefunded = {
    amount: payments.reduce((n, p) => n + Math.max(p.refunded.amount - p.paid.amount, 0), 0),
    usdCents: payments.reduce((n, p) => n + Math.max(p.refunded.usdCents - p.paid.usdCents, 0), 0),
  };
  const dueCents =
    order.paymentStatus === "SUCCEEDED" ? order.totalCents : order.paymentStatus === "DEPOSIT_PAID" ? (order.depositCents ?? 0) : 0;
  const state = refundStateOf({
    collectedCents: collectedMoney.usdCents,
    refundedCents: refunded.usdCents,
    dueCents,
    open: refunds.some((r) => r.status === "CREATING" || r.status === "PENDING"),
    failureStands: payments.some(failureStands),
  });
  return { payments, refunds, collected: collectedMoney, refunded, overRefunded, dueCents, state };
}

/**
 * A refund of the payment failed and nothing was done about it since: money is left, and no refund
 * of the payment was made after the failure (its updated_at), whatever was made before it.
 */
function failureStands(payment: LedgerPayment): boolean {
  if (payment.left.usdCents <= 0) return false;
  return payment.refunds.some((f) => f.status === "FAILED" && !payment.refunds.some((r) => r.createdAt > f.updatedAt));
}

/** A Xendit refund still being created this long after it was sent lost its answer (the client gives up after 10 s). */
export const RESEND_AFTER_MS = 30_000;

/** The payment's Xendit refund whose answer was lost (still CREATING 30 s after it was sent): it may be sent again, as it was. */
export function unansweredRefund(payment: LedgerPayment | null, now: number = Date.now()): Refund | null {
  const row = payment?.refunds.find((r) => r.way === "XENDIT" && r.status === "CREATING");
  return row && now - row.createdAt.getTime() > RESEND_AFTER_MS ? row : null;
}

/**
 * What `cents` more of a payment's refunds are in its own currency: the running total in cents
 * converted at the payment's own ratio (half up) less what is already taken, so the refunds of a
 * payment always add up to what it took, to the rupiah, and the last one takes exactly what is left.
 */
export function amountFor(payment: LedgerPayment, cents: number): number {
  if (cents >= payment.left.usdCents) return payment.left.amount;
  if (payment.paid.usdCents <= 0) return 0;
  const total = BigInt(payment.taken.usdCents + cents);
  const through = (total * BigInt(payment.paid.amount) * 2n + BigInt(payment.paid.usdCents)) / (2n * BigInt(payment.paid.usdCents));
  return Math.min(Math.max(Number(through) - payment.taken.amount, 0), payment.left.amount);
}

/**
 * Writes the order's refund state and what went back (orders.refund_state, refunded_cents,
 * refunded_idr) from its ledger; run in the transaction that changed a refund, holding the
 * order's lock. Answers the ledger it read.
 */
export async function keepRefundState(tx: Tx, order: Order): Promise<Ledger> {
  const ledger = await ledgerOf(tx, order);
  await tx
    .updateTable("orders")
    .set({ refundState: ledger.state, refundedCents: ledger.refunded.usdCents, refundedIdr: ledger.refunded.amount })
    .where("id", "=", order.id)
    .execute();
  return ledger;
}

/**
 * After money came in or an order's payment status changed (a payment flagged as paid twice or of
 * the wrong amount, a balance paid), in that transaction: the order's refund state again, under
 * its lock, when it has refunds (what it holds changed, and with it what its refunds leave).
 */
export async function keepRefundStateAfterPayment(tx: Tx, orderId: string): Promise<void> {
  const refunded = await tx.selectFrom("refunds").select("id").where("orderId", "=", orderId).limit(1).executeTakeFirst();
  if (!refunded) return;
  const order = await lockOrder(tx, orderId);
  if (order) await keepRefundState(tx, order);
}

/** Locks the order's row for the transaction (refunds of one order take turns) and reads it. */
export async function lockOrder(tx: Tx, orderId: string): Promise<Order | undefined> {
  return tx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().limit(1).executeTakeFirst();
}
