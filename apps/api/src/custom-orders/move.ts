import { sql } from "kysely";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import type { Tx } from "#server/db/tx.ts";
import { AppError } from "#server/errors.ts";
import { type CustomOrderStatus, canMoveCustomOrder, isCustomOrderStatus } from "./status.ts";

/** Refusal codes the staff console words (apps/admin/src/i18n/custom-orders.ts `refusal.*`). */
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
  const current = await tx.selectFrom("customOrders").select("status").where("id", "=", id).forUpdate().executeTakeFirst();
  if (!current) throw new AppError("not_found", "Custom order not found");
  if (current.status !== from) throw refuse("stale", `The request changed meanwhile: it is now ${current.status}. Reload the page.`);
  if (!canMoveCustomOrder(from, to)) throw refuse("move-not-allowed", `A custom request cannot go from ${from} to ${to}`);
  await tx.updateTable("customOrders").set({ status: to, updatedAt: sql`now()` }).where("id", "=", id).where("status", "=", from).execute();
  // A request that ends takes its quote off the table: the customer's link then says withdrawn.
  const withdrawn =
    to === "CANCELLED" || to === "COMPLETED"
      ? await tx
          .updateTable("customQuotes")
          .set({ status: "WITHDRAWN", closedAt: new Date(), closedBy: actor.label })
          .where("customOrderId", "=", id)
          .where("status", "=", "SENT")
          .returning("version")
          .execute()
      : [];
  const after = withdrawn.length > 0 ? { status: to, quoteWithdrawn: withdrawn.map((q) => q.version) } : { status: to };
  await recordAudit(
    { actor, action: "custom-order-status", recordType: "custom-order", recordId: id, before: { status: from }, after },
    tx,
  );
  return { status: to };
}
