import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { customOrders, customQuotes } from "#server/db/schema.ts";
import type { Tx } from "#server/db/tx.ts";
import { AppError } from "#server/errors.ts";
import { type CustomOrderStatus, canMoveCustomOrder, isCustomOrderStatus } from "./status.ts";

/** Refusal codes the admin page words (app/i18n/admin-custom-orders.ts `refusal.*`). */
type CustomOrderRefusal = "stale" | "move-not-allowed" | "unknown-status";

const refuse = (code: CustomOrderRefusal, message: string) =>
  new AppError(code === "unknown-status" ? "invalid" : "conflict", message, { code });

/**
 * Moves request `id` from `from` to `to` inside the caller's transaction, as the machine allows,
 * with an audit row (before and after) in the same transaction. Optimistic: the row changes only
 * while its status is still `from`, so a move decided on a stale view (someone else moved it
 * meanwhile) changes nothing and is refused with the status it has now. Throws AppError:
 * not_found, conflict {code: "stale" | "move-not-allowed"}, invalid {code: "unknown-status"}.
 */
export async function moveCustomOrder(tx: Tx, id: number, from: string, to: string, actor: Actor): Promise<{ status: CustomOrderStatus }> {
  if (!isCustomOrderStatus(to)) throw refuse("unknown-status", `Unknown status: ${String(to).slice(0, 40)}`);
  // Locked until the transaction ends: two moves at once are one after the other, the second sees the first.
  const [current] = await tx.select({ status: customOrders.status }).from(customOrders).where(eq(customOrders.id, id)).for("update");
  if (!current) throw new AppError("not_found", "Custom order not found");
  if (current.status !== from) throw refuse("stale", `The request changed meanwhile: it is now ${current.status}. Reload the page.`);
  if (!canMoveCustomOrder(from, to)) throw refuse("move-not-allowed", `A custom request cannot go from ${from} to ${to}`);
  await tx
    .update(customOrders)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(customOrders.id, id), eq(customOrders.status, from)));
  // A request that ends takes its quote off the table: the customer's link then says withdrawn.
  const withdrawn =
    to === "CANCELLED" || to === "COMPLETED"
      ? await tx
          .update(customQuotes)
          .set({ status: "WITHDRAWN", closedAt: new Date(), closedBy: actor.label })
          .where(and(eq(customQuotes.customOrderId, id), eq(customQuotes.status, "SENT")))
          .returning({ version: customQuotes.version })
      : [];
  const after = withdrawn.length > 0 ? { status: to, quoteWithdrawn: withdrawn.map((q) => q.version) } : { status: to };
  await recordAudit(
    { actor, action: "custom-order-status", recordType: "custom-order", recordId: id, before: { status: from }, after },
    tx,
  );
  return { status: to };
}
