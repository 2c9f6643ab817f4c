import { cleanText } from "@workshop/domain/form-text.ts";
import { pastReturnWindow, RETURN_WINDOW_DAYS, type ReturnKind, returnKinds, returnProposal } from "@workshop/domain/refunds.ts";
import { sql } from "kysely";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { type Db, getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { AppError } from "#server/errors.ts";
import type { Order } from "#server/orders/types.ts";
import { ledgerOf, lockOrder } from "./refund-ledger.ts";
import { uuidPattern } from "./refund-views.ts";

/**
 * Returns (SPEC 9: within 14 days after delivery, a 15 % restocking fee; SPEC 2.5: no returns of
 * custom hats except for defects), docs/decisions/047. An owner records a shipped or delivered
 * order as returned: unworn (the hat's price less the fee is proposed for a refund) or with a
 * defect (everything the order cost). Past the 14 days, or for a defect, the owner says why. The
 * order keeps its status (SPEC 4's values); `orders.returned_at` marks it returned, and the refund
 * itself is a refund like any other.
 */

type ReturnView = {
  /** A refund was made since it was recorded (failed ones aside): its proposal is no longer what to fill in. */
  refundedSince: boolean;
  kind: ReturnKind;
  note: string;
  windowStart: Date | null;
  late: boolean;
  feeCents: number;
  proposedCents: number;
  actor: string;
  createdAt: Date;
};

/** What the order page needs before and after a return: whether one may be recorded, and what it proposes. */
export type ReturnOptions = {
  recorded: ReturnView | null;
  /** Why no return may be recorded now (a code the console words), or null. */
  refusal: "not-delivered" | "already-returned" | null;
  /** A custom hat: only a defect. */
  custom: boolean;
  windowStart: Date | null;
  /** The 14 days after delivery have passed: a return needs a reason. */
  late: boolean;
  /**
   * For each kind: the restocking fee and the refund proposed, in US cents: at most what the
   * order's own payments have left, and for an unworn hat at most what leaves the shop its fee and
   * the delivery after any earlier refund; never below 0.
   */
  proposals: Record<ReturnKind, { feeCents: number; cents: number }>;
};

const returnable = ["SHIPPED", "DELIVERED", "COMPLETED"];

function refuse(code: string, message: string, kind: "conflict" | "invalid" = "conflict"): AppError {
  return new AppError(kind, message, { code });
}

/** The day the 14 days count from: delivered (or picked up, COMPLETED), else shipped, the earliest the hat could have arrived. */
async function windowStartOf(db: Db | Tx, orderId: string): Promise<Date | null> {
  const events = await db
    .selectFrom("orderEvents")
    .select(["status", "createdAt"])
    .where("orderId", "=", orderId)
    .where("status", "in", ["DELIVERED", "COMPLETED", "SHIPPED"])
    .orderBy("createdAt")
    .execute();
  const first = (status: string) => events.find((e) => e.status === status)?.createdAt;
  return first("DELIVERED") ?? first("COMPLETED") ?? first("SHIPPED") ?? null;
}

async function recordedReturn(db: Db | Tx, orderId: string): Promise<ReturnView | null> {
  const row = await db.selectFrom("orderReturns").selectAll().where("orderId", "=", orderId).limit(1).executeTakeFirst();
  if (!row) return null;
  const since = await db
    .selectFrom("refunds")
    .select("id")
    .where("orderId", "=", orderId)
    .where("status", "<>", "FAILED")
    .where("createdAt", ">", row.createdAt)
    .limit(1)
    .executeTakeFirst();
  return {
    refundedSince: since !== undefined,
    kind: row.kind as ReturnKind,
    note: row.note,
    windowStart: row.windowStart,
    late: row.late,
    feeCents: row.feeCents,
    proposedCents: row.proposedCents,
    actor: row.actor,
    createdAt: row.createdAt,
  };
}

async function optionsOf(db: Db | Tx, order: Order, now: Date): Promise<ReturnOptions> {
  const [recorded, windowStart, ledger] = await Promise.all([
    recordedReturn(db, order.id),
    windowStartOf(db, order.id),
    ledgerOf(db, order),
  ]);
  // What the order's own payments hold now: taken less what went back or is going back (a second
  // payment's refunds are not the order's price given back).
  const own = ledger.payments.filter((p) => p.own);
  const held = own.reduce((n, p) => n + p.paid.usdCents - p.taken.usdCents, 0);
  const left = own.reduce((n, p) => n + p.left.usdCents, 0);
  const capped = (kind: ReturnKind) => {
    const proposal = returnProposal(kind, order);
    // Unworn: the shop keeps the fee and the delivery whatever went back before (goodwill, ...).
    const cap = kind === "RETURN" ? Math.max(held - proposal.feeCents - order.deliveryCostCents, 0) : left;
    return { feeCents: proposal.feeCents, cents: Math.max(Math.min(proposal.cents, cap, left), 0) };
  };
  return {
    recorded,
    refusal: recorded || order.returnedAt ? "already-returned" : returnable.includes(order.status) ? null : "not-delivered",
    custom: order.customOrderId !== null,
    windowStart,
    late: windowStart !== null && pastReturnWindow(windowStart, now),
    proposals: { RETURN: capped("RETURN"), DEFECT: capped("DEFECT") },
  };
}

/** The order's return options for its page; null for no such order. */
export async function returnOptions(orderId: string, now = new Date()): Promise<ReturnOptions | null> {
  if (!uuidPattern.test(orderId)) return null;
  const db = await getDb();
  const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).limit(1).executeTakeFirst();
  return order ? optionsOf(db, order, now) : null;
}

/** Records the order as returned, under its row's lock (a second click finds it returned: 409). */
export async function recordReturn(
  input: { orderId: string; kind: unknown; note?: unknown; actor: Actor },
  now = new Date(),
): Promise<ReturnOptions> {
  const { orderId, actor } = input;
  if (actor.role !== "owner" && actor.role !== "machine") throw new AppError("forbidden", "Only an owner may record a return");
  if (typeof input.kind !== "string" || !(returnKinds as readonly string[]).includes(input.kind))
    throw refuse("kind", `kind must be one of ${returnKinds.join(", ")}`, "invalid");
  const kind = input.kind as ReturnKind;
  if (input.note !== undefined && input.note !== null && typeof input.note !== "string")
    throw refuse("note", "note must be text", "invalid");
  const note = cleanText(typeof input.note === "string" ? input.note : "");
  if (note.length > 500) throw refuse("too-long", "The reason is at most 500 characters", "invalid");
  if (!uuidPattern.test(orderId)) throw new AppError("not_found", "Order not found");
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError("not_found", "Order not found");
    const options = await optionsOf(tx, order, now);
    if (options.refusal === "already-returned") throw refuse("already-returned", "This order is already recorded as returned");
    if (options.refusal === "not-delivered")
      throw refuse("not-delivered", `Only a shipped or delivered order can be returned; this one is ${order.status}`);
    if (options.custom && kind !== "DEFECT")
      throw refuse("custom-defect-only", "Custom hats are not returnable except for defects: record a defect and describe it");
    if (kind === "DEFECT" && note.length < 3) throw refuse("defect-reason", "Describe the defect", "invalid");
    if (options.late && note.length < 3)
      throw refuse(
        "late-reason",
        `The ${RETURN_WINDOW_DAYS} days after delivery have passed: give the reason for taking the hat back`,
        "invalid",
      );
    const proposal = options.proposals[kind];
    await tx
      .insertInto("orderReturns")
      .values({
        orderId,
        kind,
        note,
        windowStart: options.windowStart,
        late: options.late,
        feeCents: proposal.feeCents,
        proposedCents: proposal.cents,
        staffId: actor.staffId,
        actor: actor.label,
      })
      .execute();
    await tx.updateTable("orders").set({ returnedAt: sql`now()` }).where("id", "=", orderId).execute();
    await recordAudit(
      {
        actor,
        action: "order-returned",
        recordType: "order",
        recordId: orderId,
        before: { status: order.status, returned: false },
        after: {
          status: order.status,
          returned: true,
          kind,
          late: options.late,
          feeCents: proposal.feeCents,
          proposedCents: proposal.cents,
          ...(note ? { note } : {}),
        },
      },
      tx,
    );
    return optionsOf(tx, { ...order, returnedAt: now }, now);
  });
}
