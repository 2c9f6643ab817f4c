import { type EnhanceRequest, type EnhanceStatus, enhanceRequestSchema, parseSize } from "@workshop/domain/ai-studio.ts";
import { imageUrl } from "@workshop/domain/images.ts";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import { aiJobs, aiResults, productImages, products } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { sendJob } from "#server/jobs/index.ts";
import { originalKeyOf } from "#server/media/variants.ts";
import type { Backdrop } from "./engine.ts";
import { buildPrompt } from "./prompt.ts";
import { enhanceJob, type JobOptions } from "./run-job.ts";
import { sourceStems } from "./source-urls.ts";

/** What POST answers (SPEC 7) and the extra the panel shows: how many addresses were cut off. */
export type Enqueued = { jobId: string; status: "queued"; prompt: string; sourceCount: number; cutOff: number };

/** Reads a request body as SPEC 7's payload, or refuses it with the first problem (400). */
export function parseEnhanceRequest(body: unknown): EnhanceRequest {
  const parsed = enhanceRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.join(".");
    throw new AppError("invalid", where ? `${where}: ${issue.message}` : issue.message);
  }
  return parsed.data;
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
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, request.productId));
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
  const jobId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(aiJobs)
      .values({ productId: request.productId ?? null, status: "queued", prompt, options, sources, createdBy: actor.staffId })
      .returning({ id: aiJobs.id });
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
  const [status] = await statusesOf(sql`${aiJobs.id} = ${jobId}`);
  if (!status) throw new AppError("not_found", "No such enhancement job");
  return status;
}

/**
 * The jobs listed in the product form, newest first: a product's own, or, for a product not saved
 * yet, the signed-in person's jobs made without one in the last day. A job made for a new product
 * belongs to it once the product is saved with one of the job's photos.
 */
export async function enhancementsFor(productId: number | null, staffId: number | null, limit = 10): Promise<EnhanceStatus[]> {
  const where =
    productId !== null
      ? or(
          eq(aiJobs.productId, productId),
          and(
            isNull(aiJobs.productId),
            sql`exists (select 1 from ${aiResults} join ${productImages} on ${productImages.storageKey} = ${aiResults.storageKey}
                 where ${aiResults.jobId} = ${aiJobs.id} and ${productImages.productId} = ${productId})`,
          ),
        )
      : and(
          isNull(aiJobs.productId),
          staffId === null ? isNull(aiJobs.createdBy) : eq(aiJobs.createdBy, staffId),
          sql`${aiJobs.createdAt} > now() - interval '1 day'`,
        );
  return statusesOf(where, limit);
}

async function statusesOf(where: ReturnType<typeof sql> | ReturnType<typeof and>, limit = 1): Promise<EnhanceStatus[]> {
  const db = await getDb();
  const rows = await db.select().from(aiJobs).where(where).orderBy(desc(aiJobs.createdAt)).limit(limit);
  if (rows.length === 0) return [];
  const results = await db
    .select()
    .from(aiResults)
    .where(
      inArray(
        aiResults.jobId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(aiResults.position));
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
  const [changed] = await db
    .update(aiResults)
    .set({ state })
    .where(eq(aiResults.id, resultId))
    .returning({ id: aiResults.id, storageKey: aiResults.storageKey });
  if (!changed) throw new AppError("not_found", "No such studio photo");
  await recordAudit({
    actor,
    action: `studio-photo-${state}`,
    recordType: "ai-result",
    recordId: resultId,
    after: { pathname: changed.storageKey },
  });
}
