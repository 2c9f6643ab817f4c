import { type Actor, systemActor } from "#server/audit/actor.ts";
import type { Tx } from "#server/db/tx.ts";
import { moveCustomOrder } from "./move.ts";
import { canMoveCustomOrder } from "./status.ts";

/** The statuses a quote and its deposit move a request to (docs/decisions/026-custom-quotes.md). */
export type QuoteRequestStatus = "QUOTED" | "IN_PROGRESS";

/**
 * Moves a request on when its quote is sent (QUOTED, by the staff member) or its deposit paid
 * (IN_PROGRESS, by the shop), through the request's status machine (decision 025), inside the
 * caller's transaction. A move the machine does not allow (a revised quote on a request already in
 * progress, a deposit landing on a cancelled request) changes nothing and never fails the payment.
 */
export async function moveRequestForQuote(
  tx: Tx,
  customOrderId: number,
  next: QuoteRequestStatus,
  actor: Actor = systemActor,
): Promise<void> {
  const row = await tx.selectFrom("customOrders").select("status").where("id", "=", customOrderId).forUpdate().executeTakeFirst();
  if (!row || !canMoveCustomOrder(row.status, next)) return;
  await moveCustomOrder(tx, customOrderId, row.status, next, actor);
}
