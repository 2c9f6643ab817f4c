import { formatUsd } from "@workshop/domain/money.ts";
import { sql } from "kysely";
import { config } from "#server/config.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Row } from "#server/db/types.ts";
import { enqueueMail } from "#server/mail/index.ts";
import { announceRefund } from "#server/orders/notifications.ts";
import type { Order } from "#server/orders/types.ts";
import { keepRefundState, type Ledger, lockOrder } from "./refund-ledger.ts";

/**
 * What Xendit says about a refund: the refund webhooks `refund.succeeded` and `refund.failed`
 * (https://docs.xendit.co/apidocs/refund-webhook-notification) and the answer to POST /refunds.
 * Both settle the shop's refund row through `settleRefund`, once, in whatever order they come:
 * CREATING → PENDING → FAILED → SUCCEEDED. A success is final; a failure gives way only to a
 * success (Xendit saying the money went out wins: counting it as failed could refund it twice),
 * even one that takes its payment past what it took (its amount refunded again meanwhile): that
 * one is flagged `over-refunded`, logged and mailed to the shop.
 *
 * A refund's outcome never touches the order's status or payment status (SPEC 4's values); it
 * moves the order's refund state (refund-ledger.ts), and a success mails the customer.
 */
export type RefundUpdate = {
  /** Xendit's refund id (rfd-…). */
  xenditRefundId: string | null;
  /** The reference_id the shop sent: its refund row's id. */
  referenceId: string | null;
  status: "PENDING" | "SUCCEEDED" | "FAILED";
  failureCode: string | null;
  amount: unknown;
  currency: unknown;
};

export const isRefundEvent = (event: unknown): boolean => event === "refund.succeeded" || event === "refund.failed";

/**
 * The refund an event carries, or null when it names none. The reference's schema puts the refund
 * object in `data`; its published example nests a second `{event, business_id, created, data}`
 * inside `data`, so that shape is read too.
 */
export function refundOfEvent(body: { event?: unknown; data?: unknown }): RefundUpdate | null {
  if (!isRefundEvent(body.event)) return null;
  let data = isObject(body.data) ? body.data : {};
  if (typeof data.event === "string" && isObject(data.data)) data = data.data;
  const id = typeof data.id === "string" && data.id.length > 0 ? data.id.slice(0, 100) : null;
  const referenceId = typeof data.reference_id === "string" ? data.reference_id : null;
  if (!id && !referenceId) return null;
  return {
    xenditRefundId: id,
    referenceId,
    status: body.event === "refund.succeeded" ? "SUCCEEDED" : "FAILED",
    failureCode: typeof data.failure_code === "string" ? data.failure_code.slice(0, 100) : null,
    amount: data.amount ?? null,
    currency: data.currency ?? null,
  };
}

/** Xendit's refund status as the shop stores it: CANCELLED (not in the shop's flow) reads as FAILED. */
export function refundStatusOf(status: string): RefundUpdate["status"] {
  if (status === "SUCCEEDED") return "SUCCEEDED";
  if (status === "FAILED" || status === "CANCELLED") return "FAILED";
  return "PENDING";
}

type Refund = Row<"refunds">;
type Outcome = { outcome: "applied" | "ignored" | "flagged"; flag?: string; refund: Refund | null };

const rank: Record<string, number> = { CREATING: 0, PENDING: 1, FAILED: 2, SUCCEEDED: 3 };
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The refund an update names: by Xendit's id, else by the reference id the shop sent (a create answer lost). */
async function refundNamed(tx: Tx, update: RefundUpdate): Promise<Refund | undefined> {
  let row = update.xenditRefundId
    ? await tx.selectFrom("refunds").selectAll().where("xenditRefundId", "=", update.xenditRefundId).limit(1).executeTakeFirst()
    : undefined;
  if (!row && update.referenceId && uuidPattern.test(update.referenceId)) {
    row = await tx.selectFrom("refunds").selectAll().where("id", "=", update.referenceId).limit(1).executeTakeFirst();
    if (row?.xenditRefundId && update.xenditRefundId && row.xenditRefundId !== update.xenditRefundId) row = undefined;
  }
  return row;
}

/**
 * Applies an update to the refund it names. Unknown refunds and refunds whose amount or currency
 * differ from the row are flagged and change nothing. The order's row is locked first (as a new
 * refund locks it), so a refund settles while no other refund of the order is being decided.
 */
export async function settleRefund(tx: Tx, update: RefundUpdate, expectedId?: string): Promise<Outcome> {
  const named = await refundNamed(tx, update);
  if (!named || (expectedId && named.id !== expectedId)) return { outcome: "flagged", flag: "unknown refund", refund: null };
  const order = await lockOrder(tx, named.orderId);
  const row = await tx.selectFrom("refunds").selectAll().where("id", "=", named.id).forUpdate().limit(1).executeTakeFirstOrThrow();
  if (update.currency !== row.currency || update.amount !== row.amount) {
    const flag = `refund mismatch: ${String(update.amount).slice(0, 20)} ${String(update.currency).slice(0, 5)}, expected ${row.amount} ${row.currency}`;
    console.warn(`Refund ${row.id} of order ${row.orderId}: ${flag}`);
    return { outcome: "flagged", flag, refund: row };
  }
  // A row failed by the shop itself on a refusal (no Xendit id) that Xendit then speaks of did
  // reach Xendit after all (a resent request refused, the first one went through): Xendit wins.
  const refusedHere = row.status === "FAILED" && !row.xenditRefundId && !!update.xenditRefundId;
  const moves = rank[update.status]! > rank[row.status]! || (refusedHere && update.status !== row.status);
  const learnsId = !row.xenditRefundId && update.xenditRefundId;
  if (!moves && !learnsId) return { outcome: "ignored", refund: row };
  const saved = await tx
    .updateTable("refunds")
    .set({
      ...(moves
        ? {
            status: update.status,
            failureCode: update.status === "FAILED" ? (update.failureCode ?? "REFUND_FAILED") : null,
            refundedAt: update.status === "SUCCEEDED" ? sql`now()` : null,
          }
        : {}),
      ...(learnsId ? { xenditRefundId: update.xenditRefundId } : {}),
      updatedAt: sql`now()`,
    })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!moves || !order) return { outcome: "applied", refund: saved };
  const ledger = await refundChanged(tx, order, saved);
  const over = row.status === "FAILED" && saved.status === "SUCCEEDED" ? overRefunded(ledger, saved) : 0;
  if (over <= 0) return { outcome: "applied", refund: saved };
  const flag = `over-refunded: ${formatUsd(over)} more than the payment took`;
  await warnOverRefunded(tx, order, ledger, saved, flag);
  return { outcome: "applied", flag, refund: saved };
}

/** What a refund's payment gave back beyond what it took, in US cents (0 when within it). */
function overRefunded(ledger: Ledger, refund: Refund): number {
  const payment = ledger.payments.find((p) => p.refunds.some((r) => r.id === refund.id));
  return payment ? payment.refunded.usdCents - payment.paid.usdCents : 0;
}

/**
 * A success after a failure whose amount had been refunded again meanwhile: the money did go, so
 * it counts, and the payment has given back more than it took. The log says so loudly, and the
 * shop is mailed as for any payment that needs a person (the order page shows it to owners too).
 */
async function warnOverRefunded(tx: Tx, order: Order, ledger: Ledger, refund: Refund, flag: string): Promise<void> {
  console.error(
    `Refund ${refund.id} of order ${order.orderNumber}: Xendit says it succeeded after it had failed, and its amount had been refunded again meanwhile: ${flag}`,
  );
  const payment = ledger.payments.find((p) => p.refunds.some((r) => r.id === refund.id));
  await enqueueMail(
    {
      template: "shop-payment-flagged",
      vars: {
        order,
        payment: {
          id: payment?.attempt?.xenditRequestId ?? payment?.id ?? refund.id,
          method: payment?.method ?? order.paymentMethod,
          amount: refund.amount,
          currency: refund.currency,
        },
        reason: `${flag} (refund ${refund.xenditRefundId ?? refund.id} succeeded after it had failed)`,
      },
      dedupeKey: `refund-over:${refund.id}`,
      locale: "en",
      to: config().SHOP_MAIL_TO,
      orderId: order.id,
    },
    { tx },
  );
}

/**
 * After a refund's status changed, in its transaction (holding the order's lock): the order's
 * refund state, and the customer's mail once its money went out (one per refund, whatever repeats).
 */
export async function refundChanged(tx: Tx, order: Order, refund: Refund): Promise<Ledger> {
  const ledger = await keepRefundState(tx, order);
  if (refund.status !== "SUCCEEDED") return ledger;
  const payment = ledger.payments.find((p) => p.refunds.some((r) => r.id === refund.id));
  await announceRefund(
    order,
    {
      id: refund.id,
      usdCents: refund.amountUsdCents,
      amount: refund.amount,
      currency: refund.currency,
      way: refund.way,
      method: payment?.method ?? order.paymentMethod,
      reference: refund.reference,
      arrivesBy: refund.arrivesBy,
      refundedAt: refund.refundedAt ?? new Date(),
    },
    { usdCents: ledger.refunded.usdCents, idr: ledger.refunded.amount },
    tx,
  );
  return ledger;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
