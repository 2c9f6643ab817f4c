import type { MakingAdjust, MakingMove } from "@workshop/domain/staff-api/making.ts";
import { sql } from "kysely";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Row } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";
import type { Order } from "#server/orders/types.ts";
import { attachPhotos } from "./photos.ts";
import { activeStages, isInWorkshop, type MakingStage } from "./stage-list.ts";
import { announceStageChange } from "./stage-mails.ts";
import { beginMaking } from "./start.ts";

/**
 * What staff do with an order's making (decision 054): move it on to the next stage or back to an
 * earlier one, and send a ready hat for adjusting. Each runs in one transaction on the order's row,
 * locked (`for update`), so two people moving at once make one move: the other finds the order
 * moved meanwhile and is refused (409). The making, its event, the photos the move takes, the
 * customer's e-mail about it (stage-mails.ts) and the audit row land together or not at all.
 */

type MakingRow = Row<"orderMaking">;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const conflict = (code: string, message: string, more: object = {}) => new AppError("conflict", message, { code, ...more });
const invalid = (field: string, code: string, message: string) => new AppError("invalid", message, { [field]: code });
const ref = (stage: MakingStage) => ({ id: stage.id, nameEn: stage.nameEn, nameRu: stage.nameRu });

/** The order, locked for the transaction; 404 for an unknown order or a text that is no order id. */
async function lockedOrder(tx: Tx, orderId: string): Promise<Order> {
  const order = uuid.test(orderId)
    ? await tx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().executeTakeFirst()
    : undefined;
  if (!order) throw new AppError("not_found", "Order not found");
  return order;
}

/** A 404 unless `orderId` is an order's (checked before a form is judged, so an unknown order is never a 400). */
export async function requireOrder(orderId: string): Promise<void> {
  const db = await getDb();
  const found = uuid.test(orderId) && (await db.selectFrom("orders").select("id").where("id", "=", orderId).executeTakeFirst());
  if (!found) throw new AppError("not_found", "Order not found");
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Moves an order's making to the stage `to`: the next one (forward), or an earlier one (back, with
 * a reason of 3 to 500 characters; a ready hat goes back into the making). Reaching the last stage
 * ends the making; the order keeps its status. Refused: a stage other than `expected` now (409
 * `stale`, naming the current one), an order with no making (409) or gone from the workshop (409),
 * any other stage (400).
 */
export async function moveMaking(orderId: string, move: MakingMove, actor: Actor): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const making = await tx.selectFrom("orderMaking").selectAll().where("orderId", "=", order.id).executeTakeFirst();
    if (!making) throw conflict("not-in-making", "This order's hat is not being made: mark it as needing adjusting first.");
    const stages = await activeStages(tx, "share");
    const at = stages.findIndex((stage) => stage.id === making.stageId);
    if (making.stageId !== move.expected) {
      const current =
        at >= 0 ? stages[at]! : await tx.selectFrom("makingStages").selectAll().where("id", "=", making.stageId).executeTakeFirstOrThrow();
      throw conflict("stale", `The order moved meanwhile: it is now in ${current.nameEn}. Reload the page.`, { current: ref(current) });
    }
    if (!isInWorkshop(order.status))
      throw conflict("not-in-workshop", `This order is ${order.status}: its hat is no longer in the workshop.`);
    const to = stages.findIndex((stage) => stage.id === move.to);
    if (to < 0 || at < 0) throw invalid("to", "stage", "Choose a stage of the list");
    const direction = directionOf(making, at, to, stages.length);
    const reason = direction === "back" ? oneLine(move.reason) : "";
    if (direction === "back" && reason.length < 3)
      throw invalid("reason", "required", "Say why the hat goes back (the customer is not shown it)");
    const target = stages[to]!;
    const ends = to === stages.length - 1;
    await tx
      .updateTable("orderMaking")
      .set({ stageId: target.id, stageSince: sql`now()`, endedAt: ends ? sql`now()` : null })
      .where("orderId", "=", order.id)
      .execute();
    const event = await tx
      .insertInto("makingEvents")
      .values({
        orderId: order.id,
        fromStageId: making.stageId,
        toStageId: target.id,
        direction,
        reason,
        noteEn: move.noteEn,
        noteRu: move.noteRu,
        tellCustomer: move.tellCustomer,
        staffId: actor.staffId,
        actor: actor.label,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const photos = await attachPhotos(tx, order.id, event.id, move.photoIds);
    await announceStageChange(tx, order, { eventId: event.id, direction, ...move });
    await recordAudit(
      {
        actor,
        action: "order-making-stage",
        recordType: "order",
        recordId: order.id,
        before: { stage: stages[at]!.nameEn },
        after: {
          stage: target.nameEn,
          direction,
          ...(reason ? { reason } : {}),
          ...(move.noteEn ? { noteEn: move.noteEn } : {}),
          ...(move.noteRu ? { noteRu: move.noteRu } : {}),
          tellCustomer: move.tellCustomer,
          ...(photos ? { photos } : {}),
        },
      },
      tx,
    );
  });
}

/** Forward to the next stage while being made, back to any earlier one (a ready hat too); else a 400 or a 409. */
function directionOf(making: MakingRow, at: number, to: number, count: number): "forward" | "back" {
  if (to < at) return "back";
  if (making.endedAt || at === count - 1) throw conflict("ended", "The hat is ready: it can only go back to an earlier stage.");
  if (to === at) throw invalid("to", "same", "The order is in this stage already");
  if (to > at + 1) throw invalid("to", "next", "An order moves on one stage at a time");
  return "forward";
}

/** Whether an order with no making may be sent for adjusting: paid (a custom hat: its deposit) and still in the workshop. */
export const mayMarkForAdjusting = (order: Pick<Order, "paymentStatus" | "status">) =>
  (order.paymentStatus === "SUCCEEDED" || order.paymentStatus === "DEPOSIT_PAID") && isInWorkshop(order.status);

/**
 * A ready hat of a paid order needs adjusting: the order is made after all, from `stageId` (the
 * first stage unless given), its start an event with what needs doing, the note and the photos.
 * Refused (409) for an order already being made, not paid, or gone from the workshop.
 */
export async function markForAdjusting(orderId: string, input: MakingAdjust, actor: Actor): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const making = await tx.selectFrom("orderMaking").select("orderId").where("orderId", "=", order.id).executeTakeFirst();
    if (making) throw conflict("in-making", "This order's hat is already being made: move it back to a stage instead.");
    if (order.paymentStatus !== "SUCCEEDED" && order.paymentStatus !== "DEPOSIT_PAID")
      throw conflict("not-paid", "This order is not paid yet: its hat is made or adjusted once it is.");
    if (!isInWorkshop(order.status))
      throw conflict("not-in-workshop", `This order is ${order.status}: its hat is no longer in the workshop.`);
    const stages = await activeStages(tx, "share");
    const stage = input.stageId === undefined ? stages[0] : stages.find((s) => s.id === input.stageId);
    if (!stage) throw invalid("stageId", "stage", "Choose a stage of the list");
    const why = oneLine(input.reason);
    const eventId = await beginMaking(tx, {
      orderId: order.id,
      reason: "adjusting",
      stage,
      actor,
      why,
      noteEn: input.noteEn,
      noteRu: input.noteRu,
      tellCustomer: input.tellCustomer,
    });
    const photos = await attachPhotos(tx, order.id, eventId!, input.photoIds);
    await announceStageChange(tx, order, { eventId: eventId!, direction: "start", ...input });
    await recordAudit(
      {
        actor,
        action: "order-making-adjust",
        recordType: "order",
        recordId: order.id,
        after: { stage: stage.nameEn, ...(why ? { reason: why } : {}), tellCustomer: input.tellCustomer, ...(photos ? { photos } : {}) },
      },
      tx,
    );
  });
}
