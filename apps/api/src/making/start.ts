import type { MakingReason } from "@workshop/domain/making-stages.ts";
import { sql } from "kysely";
import { type Actor, systemActor } from "#server/audit/actor.ts";
import type { Tx } from "#server/db/tx.ts";
import { AppError } from "#server/errors.ts";
import type { Order } from "#server/orders/types.ts";
import { activeStages, isInWorkshop, type MakingStage } from "./stage-list.ts";
import { announceMakingStarted } from "./stage-mails.ts";

/**
 * Why a paid order's hat is made in the workshop: a custom hat from a quote, or a hat of the
 * collection made to order (every one, unless staff marked it a ready hat in stock; a product
 * since deleted was made to order, as the SPEC's every hat). Null: a ready hat, shipped as it is.
 */
async function reasonToMake(tx: Tx, order: Order): Promise<MakingReason | null> {
  if (order.customOrderId !== null || order.quoteId !== null) return "custom";
  if (order.productId === null) return "made-to-order";
  const product = await tx.selectFrom("products").select("madeToOrder").where("id", "=", order.productId).executeTakeFirst();
  return product?.madeToOrder === false ? null : "made-to-order";
}

/**
 * The making starts when the order is paid (a custom hat: its deposit, which starts the work), in
 * the payment's transaction: in the first stage, its start an event by the system, and the
 * customer's e-mail saying so. Nothing for a ready hat, an order that is not in the workshop (a
 * payment after a cancel), or one already made.
 */
export async function startMakingOnPayment(tx: Tx, order: Order): Promise<void> {
  if (order.paymentStatus !== "SUCCEEDED" && order.paymentStatus !== "DEPOSIT_PAID") return;
  if (!isInWorkshop(order.status)) return;
  const reason = await reasonToMake(tx, order);
  if (!reason) return;
  const started = await beginMaking(tx, { orderId: order.id, reason, actor: systemActor });
  if (started !== null) await announceMakingStarted(tx, order);
}

export type MakingStart = {
  orderId: string;
  reason: MakingReason;
  /** The stage it starts in: the first unless given. */
  stage?: MakingStage;
  actor: Actor;
  /** A ready hat's adjusting: what needs doing, and the note for the customer. */
  why?: string;
  noteEn?: string;
  noteRu?: string;
  tellCustomer?: boolean;
};

/**
 * Starts an order's making (once: a second start does nothing and answers null) and records the
 * start as its first event; a list of one stage ends it at once, as it starts in the last.
 * Answers the start event's id.
 */
export async function beginMaking(tx: Tx, start: MakingStart): Promise<number | null> {
  const stages = await activeStages(tx, "share");
  const stage = start.stage ?? stages[0];
  if (!stage) throw new AppError("unavailable", "The shop has no making stages");
  const last = stages.at(-1)?.id === stage.id;
  const made = await tx
    .insertInto("orderMaking")
    .values({
      orderId: start.orderId,
      reason: start.reason,
      stageId: stage.id,
      stageSince: sql`now()`,
      startedAt: sql`now()`,
      endedAt: last ? sql`now()` : null,
    })
    .onConflict((oc) => oc.column("orderId").doNothing())
    .returning("orderId")
    .executeTakeFirst();
  if (!made) return null;
  const event = await tx
    .insertInto("makingEvents")
    .values({
      orderId: start.orderId,
      fromStageId: null,
      toStageId: stage.id,
      direction: "start",
      reason: start.why ?? "",
      noteEn: start.noteEn ?? "",
      noteRu: start.noteRu ?? "",
      tellCustomer: start.tellCustomer ?? false,
      staffId: start.actor.staffId,
      actor: start.actor.label,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return event.id;
}
