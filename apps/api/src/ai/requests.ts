import { type EnhanceRequest, type EnhanceStatus, parseSize } from "@workshop/domain/ai-studio.ts";
import { imageUrl } from "@workshop/domain/images.ts";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { z } from "zod";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import type { Database } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";
import { sendJob } from "#server/jobs/index.ts";
import { originalKeyOf } from "#server/media/variants.ts";
import type { Backdrop } from "./engine.ts";
import { buildPrompt } from "./prompt.ts";
import { enhanceJob, type JobOptions } from "./run-job.ts";
import { sourceStems } from "./source-urls.ts";

/** What POST answers (SPEC 7) and the extra the panel shows: how many addresses were cut off. */
export type Enqueued = { jobId: string; status: "queued"; prompt: string; sourceCount: number; cutOff: number };

/** The 400 of a body that is not SPEC 7's payload (enhanceRequestSchema): its first problem, where it is. */
export function enhanceRequestRefusal(error: z.ZodError): AppError {
  const issue = error.issues[0]!;
  const where = issue.path.join(".");
  return new AppError("invalid", where ? `${where}: ${issue.message}` : issue.message);
}

/**
 * Records a job and queues it, in one transaction: the row and the pg-boss job (under the row's id)
 * exist together or not at all. Addresses are resolved to keys of the shop's own storage before
 * anything is read; a photo that is not there refuses the request.
 */
export async function enqueueEnhancement(request: EnhanceRequest, actor: Actor): Promise<Enqueued> {
  const { stems, cut } = sourceStems(request.imageUrls);
  const sources: string[] = [];
  for (const stem of stems) {
    const key = await originalKeyOf(stem);
    if (!key) throw new AppError("invalid", `No stored photo at ${stem}`);
    sources.push(key);
  }
  const db = await getDb();
  if (request.productId !== undefined) {
    const product = await db.selectFrom("products").select("id").where("id", "=", request.productId).executeTakeFirst();
    if (!product) throw new AppError("invalid", "productId: no such product");
  }
  const { width, height } = parseSize(request.size)!;
  const backdrop = request.background as Backdrop;
  const prompt = buildPrompt({ ...request, backdrop });
  const options: JobOptions = {
    productName: request.productName,
    productDescription: request.productDescription,
    styleHint: request.styleHint,
    backdrop,
    width,
    height,
    sequentialMode: request.sequentialMode,
    watermark: request.watermark,
  };
  const jobId = await db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto("aiJobs")
      .values({
        productId: request.productId ?? null,
        status: "queued",
        prompt,
        options: json<Record<string, unknown>>(options),
        sources: json(sources),
        createdBy: actor.staffId,
      })
      .returning("id")
      .executeTakeFirst();
    await sendJob(enhanceJob, { jobId: row!.id }, { tx, id: row!.id });
    await recordAudit({ actor, action: "studio-photos-requested", recordType: "ai-job", recordId: row!.id, after: { sources } }, tx);
    return row!.id;
  });
  return { jobId, status: "queued", prompt, sourceCount: sources.length, cutOff: cut };
}

const isJobId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** A job as GET answers it; 404 for an id no job has. */
export async function enhancementStatus(jobId: string): Promise<EnhanceStatus> {
  if (!isJobId(jobId)) throw new AppError("invalid", "jobId: must be a job id");
  const [status] = await statusesOf((eb) => eb("aiJobs.id", "=", jobId));
  if (!status) throw new AppError("not_found", "No such enhancement job");
  return status;
}

/**
 * The jobs listed in the product form, newest first: a product's own, or, for a product not saved
 * yet, the signed-in person's jobs made without one in the last day. A job made for a new product
 * belongs to it once the product is saved with one of the job's photos.
 */
export async function enhancementsFor(productId: number | null, staffId: number | null, limit = 10): Promise<EnhanceStatus[]> {
  const where: JobFilter =
    productId !== null
      ? (eb) =>
          eb.or([
            eb("aiJobs.productId", "=", productId),
            eb.and([
              eb("aiJobs.productId", "is", null),
              sql<boolean>`exists (select 1 from ai_results join product_images on product_images.storage_key = ai_results.storage_key
                 where ai_results.job_id = ai_jobs.id and product_images.product_id = ${productId})`,
            ]),
          ])
      : (eb) =>
          eb.and([
            eb("aiJobs.productId", "is", null),
            staffId === null ? eb("aiJobs.createdBy", "is", null) : eb("aiJobs.createdBy", "=", staffId),
            sql<boolean>`ai_jobs.created_at > now() - interval '1 day'`,
          ]);
  return statusesOf(where, limit);
}

/** Which jobs statusesOf reads: a condition on ai_jobs. */
type JobFilter = (eb: ExpressionBuilder<Database, "aiJobs">) => Expression<SqlBool>;

async function statusesOf(where: JobFilter, limit = 1): Promise<EnhanceStatus[]> {
  const db = await getDb();
  const rows = await db.selectFrom("aiJobs").selectAll().where(where).orderBy("createdAt", "desc").limit(limit).execute();
  if (rows.length === 0) return [];
  const results = await db
    .selectFrom("aiResults")
    .selectAll()
    .where(
      "jobId",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("position", "asc")
    .execute();
  return rows.map((row) => {
    const done = row.status === "COMPLETED";
    const made = done
      ? results
          .filter((r) => r.jobId === row.id)
          .map((r) => ({
            id: r.id,
            url: imageUrl(r.storageKey, 1280, "jpg"),
            pathname: r.storageKey,
            view: r.view,
            sourceIndex: r.sourceIndex,
            state: r.state as "new" | "added" | "discarded",
          }))
      : [];
    return {
      jobId: row.id,
      status: row.status as EnhanceStatus["status"],
      resultImages: made.map((r) => r.url),
      prompt: row.prompt,
      error: row.error,
      engine: row.engine as EnhanceStatus["engine"],
      summary: row.summary,
      progress: { done: row.progressDone, total: row.progressTotal },
      sourceCount: row.sources.length,
      sources: row.sources,
      results: made,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** Staff add a result to the product's photos or discard it (or take that back: new). */
export async function setResultState(resultId: number, state: "new" | "added" | "discarded", actor: Actor): Promise<void> {
  const db = await getDb();
  const changed = await db
    .updateTable("aiResults")
    .set({ state })
    .where("id", "=", resultId)
    .returning(["id", "storageKey"])
    .executeTakeFirst();
  if (!changed) throw new AppError("not_found", "No such studio photo");
  await recordAudit({
    actor,
    action: `studio-photo-${state}`,
    recordType: "ai-result",
    recordId: resultId,
    after: { pathname: changed.storageKey },
  });
}
