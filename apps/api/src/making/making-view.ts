import { isMakingDirection, isMakingReason } from "@workshop/domain/making-stages.ts";
import type { OrderMakingAnswer } from "@workshop/domain/staff-api/making.ts";
import { shownName, staffNames } from "#server/audit/people-names.ts";
import { getDb } from "#server/db/client.ts";
import { makingDates } from "./dates.ts";
import { adminPhotoBase, photoAnswer } from "./photos.ts";
import { activeStages, isInWorkshop, type MakingStage, stagesById } from "./stage-list.ts";

const isoOf = (date: Date) => date.toISOString();
const ref = (stage: MakingStage) => ({ id: stage.id, nameEn: stage.nameEn, nameRu: stage.nameRu });

/** An order's making as stored: where it stands, its stages, its events and their photos (oldest first), the stages they name. */
export async function makingRecordOf(orderId: string) {
  const db = await getDb();
  const found = await db
    .selectFrom("orderMaking")
    .innerJoin("orders", "orders.id", "orderMaking.orderId")
    .select([
      "orderMaking.reason",
      "orderMaking.stageId",
      "orderMaking.stageSince",
      "orderMaking.startedAt",
      "orderMaking.endedAt",
      "orders.status",
      "orders.deliveryOption",
      "orders.promisedDeliveryDay",
      "orders.stageMailsStoppedAt",
    ])
    .where("orderMaking.orderId", "=", orderId)
    .executeTakeFirst();
  if (!found) return null;
  const [stages, events, photos] = await Promise.all([
    activeStages(db),
    db.selectFrom("makingEvents").selectAll().where("orderId", "=", orderId).orderBy("createdAt").orderBy("id").execute(),
    db
      .selectFrom("makingPhotos")
      .select(["id", "eventId", "width", "height"])
      .where("orderId", "=", orderId)
      .orderBy("position")
      .orderBy("createdAt")
      .execute(),
  ]);
  const named = await stagesById(db, [
    found.stageId,
    ...events.flatMap((e) => [e.toStageId, ...(e.fromStageId === null ? [] : [e.fromStageId])]),
  ]);
  const at = stages.findIndex((stage) => stage.id === found.stageId);
  /** A stage's state in the list, and when the order last reached it (null for one to come). */
  const stateOf = (stage: MakingStage, index: number) => {
    const state = index < at ? ("done" as const) : index === at ? ("current" as const) : ("next" as const);
    const reached = state === "next" ? null : (events.findLast((e) => e.toStageId === stage.id)?.createdAt ?? null);
    return { state, reachedAt: reached };
  };
  return { found, stages, events, photos, named, at, stateOf };
}

/**
 * An order's making as the console shows it (orderMakingAnswer): its stages as far as it goes, the
 * current one and for how long, the estimate against the promise, every stage change with its
 * photos (oldest first), the photos waiting for a move, and what staff may do. Null for an order
 * whose hat is not made in the workshop (or an unknown one).
 */
export async function orderMakingOf(orderId: string, now: Date = new Date()): Promise<OrderMakingAnswer | null> {
  const [record, names] = await Promise.all([makingRecordOf(orderId), staffNames()]);
  if (!record) return null;
  const { found, stages, events, photos, named, at, stateOf } = record;
  const base = adminPhotoBase(orderId);
  const photosOf = (eventId: number | null) => photos.filter((p) => p.eventId === eventId).map((p) => photoAnswer(p, base));
  const current = named.get(found.stageId)!;
  const dates = makingDates(stages, found, found, now);
  const open = isInWorkshop(found.status);
  return {
    orderId,
    reason: isMakingReason(found.reason) ? found.reason : "made-to-order",
    startedAt: isoOf(found.startedAt),
    endedAt: found.endedAt ? isoOf(found.endedAt) : null,
    current: { ...ref(current), since: isoOf(found.stageSince), workingDays: dates.workingDays, calendarDays: dates.calendarDays },
    stages: stages.map((stage, index) => {
      const { state, reachedAt } = stateOf(stage, index);
      return { ...ref(stage), usualDays: stage.usualDays, state, reachedAt: reachedAt ? isoOf(reachedAt) : null };
    }),
    estimate: {
      readyDay: dates.readyDay,
      deliveryDay: dates.deliveryDay,
      promisedDeliveryDay: dates.promisedDeliveryDay,
      late: dates.late,
    },
    events: events.map((event) => ({
      id: event.id,
      direction: isMakingDirection(event.direction) ? event.direction : "forward",
      from: event.fromStageId === null ? null : ref(named.get(event.fromStageId)!),
      to: ref(named.get(event.toStageId)!),
      reason: event.reason,
      noteEn: event.noteEn,
      noteRu: event.noteRu,
      tellCustomer: event.tellCustomer,
      actor: shownName(names, event.staffId, event.actor),
      createdAt: isoOf(event.createdAt),
      photos: photosOf(event.id),
    })),
    waitingPhotos: photosOf(null),
    stageMailsStopped: found.stageMailsStoppedAt !== null,
    can: {
      forward: open && at >= 0 && !found.endedAt && at < stages.length - 1 ? ref(stages[at + 1]!) : null,
      back: open && at > 0 ? stages.slice(0, at).map(ref) : [],
    },
  };
}
