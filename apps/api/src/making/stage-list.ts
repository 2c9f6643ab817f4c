import { usualMakingDays } from "@workshop/domain/making-stages.ts";
import type { MakingStagesAnswer, MakingStagesRequest } from "@workshop/domain/staff-api/making.ts";
import { sql } from "kysely";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { catalogChanged } from "#server/catalog/read-cache.ts";
import { type Db, getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Row } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";

/**
 * The shop's stage list (decision 054): stages by id, in their positions. A stage taken off the
 * list is retired (kept, without a position), so orders and events that name it keep its names.
 */

export type MakingStage = Row<"makingStages">;

/** The statuses of an order whose hat is still in the workshop (the dashboard's "To be made"): after them it has left. */
export const inWorkshopStatuses = ["PROCESSING", "CONTACTED", "IN_PROGRESS"] as const;
export const isInWorkshop = (status: string) => (inWorkshopStatuses as readonly string[]).includes(status);

/**
 * The list in its order. Inside a change (`lock`), a move or a start holds the rows it read
 * (`share`) and a change of the list waits for them and holds them all (`update`): the list never
 * changes under a move, and a stage is never taken off while a move puts an order in it.
 */
export async function activeStages(db: Db | Tx, lock?: "share" | "update"): Promise<MakingStage[]> {
  const query = db.selectFrom("makingStages").selectAll().where("position", "is not", null).orderBy("position");
  if (lock === "share") return query.forShare().execute();
  if (lock === "update") return query.forUpdate().execute();
  return query.execute();
}

/** Every stage with these ids, retired ones too (the names of an order's history). */
export async function stagesById(db: Db | Tx, ids: Iterable<number>): Promise<Map<number, MakingStage>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db.selectFrom("makingStages").selectAll().where("id", "in", list).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Per stage, the orders still in the workshop that are in it: being made, and ready (the making ended). */
async function ordersInStages(db: Db | Tx): Promise<Map<number, { making: number; ready: number }>> {
  const rows = await db
    .selectFrom("orderMaking")
    .innerJoin("orders", "orders.id", "orderMaking.orderId")
    .select((eb) => [
      "orderMaking.stageId",
      eb.fn.countAll<number>().filterWhere("orderMaking.endedAt", "is", null).as("making"),
      eb.fn.countAll<number>().filterWhere("orderMaking.endedAt", "is not", null).as("ready"),
    ])
    .where("orders.status", "in", inWorkshopStatuses)
    .groupBy("orderMaking.stageId")
    .execute();
  return new Map(rows.map((row) => [row.stageId, { making: Number(row.making), ready: Number(row.ready) }]));
}

/** GET /api/admin/making/stages: the list, each stage with the orders in it now, and the usual making time. */
export async function makingStagesAnswerOf(db?: Db | Tx): Promise<MakingStagesAnswer> {
  const reader = db ?? (await getDb());
  const [stages, counts] = await Promise.all([activeStages(reader), ordersInStages(reader)]);
  return {
    stages: stages.map((stage) => {
      const count = counts.get(stage.id);
      return {
        id: stage.id,
        position: stage.position!,
        nameEn: stage.nameEn,
        nameRu: stage.nameRu,
        usualDays: stage.usualDays,
        orders: (count?.making ?? 0) + (count?.ready ?? 0),
      };
    }),
    usualMakingDays: usualMakingDays(stages),
  };
}

const refuse = (code: string, message: string) => new AppError("conflict", message, { code });

/**
 * Replaces the list (owners; the request already checked: 1 to 12 stages, names, days, no name
 * twice). A stage keeps its id and its orders; one without an id is added; one left out is
 * retired. So that no order's making becomes wrong, it is refused (409) when it would take off a
 * stage orders are in now, make the last stage (where the making ends) one that orders are still
 * being made in, or leave ready hats in a stage that is no longer the last. Audited, before and after.
 */
export async function replaceStages(request: MakingStagesRequest, actor: Actor): Promise<MakingStagesAnswer> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const before = await activeStages(tx, "update");
    const byId = new Map(before.map((stage) => [stage.id, stage]));
    for (const stage of request.stages)
      if (stage.id !== undefined && !byId.has(stage.id))
        throw new AppError("invalid", "Check the stages", { stages: `unknown stage ${stage.id}: reload the page` });
    const counts = await ordersInStages(tx);
    const kept = new Set(request.stages.flatMap((stage) => (stage.id === undefined ? [] : [stage.id])));
    for (const stage of before)
      if (!kept.has(stage.id) && counts.has(stage.id))
        throw refuse("stage-in-use", `Orders are in ${stage.nameEn} now: move them on before taking it off the list.`);
    const lastId = request.stages.at(-1)?.id;
    if (lastId !== undefined && (counts.get(lastId)?.making ?? 0) > 0)
      throw refuse(
        "last-in-use",
        `Orders are being made in ${byId.get(lastId)!.nameEn}: it cannot be the last stage, where the making ends.`,
      );
    for (const [stageId, count] of counts)
      if (count.ready > 0 && kept.has(stageId) && stageId !== lastId)
        throw refuse(
          "ready-in-use",
          `Ready hats wait in ${byId.get(stageId)!.nameEn}: it must stay the last stage until they are shipped.`,
        );

    // Positions cleared first, so that no two stages hold one position while they are renumbered.
    const retired = before.filter((stage) => !kept.has(stage.id)).map((stage) => stage.id);
    if (retired.length > 0)
      await tx
        .updateTable("makingStages")
        .set({ position: null, retiredAt: sql`now()`, updatedAt: sql`now()` })
        .where("id", "in", retired)
        .execute();
    if (kept.size > 0)
      await tx
        .updateTable("makingStages")
        .set({ position: sql`-"id"` })
        .where("id", "in", [...kept])
        .execute();
    for (const [index, stage] of request.stages.entries()) {
      const values = { position: index + 1, nameEn: stage.nameEn, nameRu: stage.nameRu, usualDays: stage.usualDays };
      if (stage.id === undefined) await tx.insertInto("makingStages").values(values).execute();
      else
        await tx
          .updateTable("makingStages")
          .set({ ...values, updatedAt: sql`now()` })
          .where("id", "=", stage.id)
          .execute();
    }
    const after = await makingStagesAnswerOf(tx);
    const listed = (stages: { id: number; nameEn: string; nameRu: string; usualDays: number }[]) =>
      stages.map(({ id, nameEn, nameRu, usualDays }) => ({ id, nameEn, nameRu, usualDays }));
    await recordAudit(
      {
        actor,
        action: "making-stages-changed",
        recordType: "making-stages",
        before: { stages: listed(before) },
        after: { stages: listed(after.stages) },
      },
      tx,
    );
    // Product pages show the stages' days (promised-dates.ts), kept with the catalogue's reads.
    await catalogChanged(tx);
    return after;
  });
}
