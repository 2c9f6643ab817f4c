import { sql } from "kysely";
import type { Tx } from "#server/db/tx.ts";
import type { Row } from "#server/db/types.ts";

/**
 * What Xendit says about a refund: the refund webhooks `refund.succeeded` and `refund.failed`
 * (https://docs.xendit.co/apidocs/refund-webhook-notification) and the answer to POST /refunds.
 * Both settle the shop's refund row through `settleRefund`, monotonically: CREATING → PENDING →
 * SUCCEEDED | FAILED, and a final status never changes.
 *
 * A refund's outcome never touches the order's payment status or status: the shop refunds a
 * payment that should not have been taken (paid twice, paid after a cancel, the wrong amount),
 * so the order keeps the payment it rightly has — a refunded duplicate leaves the order paid.
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

const rank: Record<string, number> = { CREATING: 0, PENDING: 1, SUCCEEDED: 2, FAILED: 2 };
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Applies an update to the refund it names (by Xendit's id, else by the reference id the shop
 * sent, for a refund whose create answer was lost). Unknown refunds and refunds whose amount or
 * currency differ from the row are flagged and change nothing.
 */
export async function settleRefund(tx: Tx, update: RefundUpdate, expectedId?: string): Promise<Outcome> {
  let row = update.xenditRefundId
    ? await tx.selectFrom("refunds").selectAll().where("xenditRefundId", "=", update.xenditRefundId).forUpdate().limit(1).executeTakeFirst()
    : undefined;
  if (!row && update.referenceId && uuidPattern.test(update.referenceId)) {
    row = await tx.selectFrom("refunds").selectAll().where("id", "=", update.referenceId).forUpdate().limit(1).executeTakeFirst();
    if (row?.xenditRefundId && update.xenditRefundId && row.xenditRefundId !== update.xenditRefundId) row = undefined;
  }
  if (expectedId && row?.id !== expectedId) row = undefined;
  if (!row) return { outcome: "flagged", flag: "unknown refund", refund: null };
  if (update.currency !== row.currency || update.amount !== row.amount) {
    const flag = `refund mismatch: ${String(update.amount).slice(0, 20)} ${String(update.currency).slice(0, 5)}, expected ${row.amount} ${row.currency}`;
    console.warn(`Refund ${row.id} of order ${row.orderId}: ${flag}`);
    return { outcome: "flagged", flag, refund: row };
  }
  // A row failed by the shop itself on a refusal (no Xendit id) that Xendit then speaks of did
  // reach Xendit after all (a resent request refused, the first one went through): Xendit wins.
  const refusedHere = row.status === "FAILED" && !row.xenditRefundId && !!update.xenditRefundId;
  const moves = rank[update.status]! > rank[row.status]! || (refusedHere && update.status !== "PENDING");
  const learnsId = !row.xenditRefundId && update.xenditRefundId;
  if (!moves && !learnsId) return { outcome: "ignored", refund: row };
  const saved = await tx
    .updateTable("refunds")
    .set({
      ...(moves ? { status: update.status, failureCode: update.status === "FAILED" ? (update.failureCode ?? "REFUND_FAILED") : null } : {}),
      ...(learnsId ? { xenditRefundId: update.xenditRefundId } : {}),
      updatedAt: sql`now()`,
    })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { outcome: "applied", refund: saved };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
