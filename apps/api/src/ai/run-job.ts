import { shop } from "@workshop/domain/shop.ts";
import { sql } from "kysely";
import type { JobWithMetadata } from "pg-boss";
import type { Actor } from "#server/audit/actor.ts";
import { config } from "#server/config.ts";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { defineJob, jobs } from "#server/jobs/index.ts";
import { cleanPhoto } from "#server/media/photo-check.ts";
import { storage } from "#server/media/storage.ts";
import { uploadPhotos } from "#server/media/uploads.ts";
import type { EngineInput } from "./engine.ts";
import { currentEngine } from "./engines.ts";

/** What staff chose, as kept on the job's row (the watermark as a yes or no: its text is the shop's name). */
export type JobOptions = Pick<
  EngineInput,
  "productName" | "productDescription" | "styleHint" | "backdrop" | "width" | "height" | "sequentialMode"
> & { watermark: boolean };

export const ENHANCE_QUEUE = "ai-enhance";

/**
 * One studio-photo job on pg-boss. pg-boss gives it to one worker across all instances; a worker
 * takes AI_JOB_CONCURRENCY at a time (one by default: the local engine fills a core). A job runs
 * at most 20 minutes; a worker that dies is noticed by its missing heartbeat (60 s) or the expiry,
 * and the job is handed out again up to twice. A job that then still has no end is failed with a
 * reason by the sweep below. An engine's refusal is final: the row says FAILED with its text.
 */
export const enhanceJob = defineJob<{ jobId: string }>(ENHANCE_QUEUE, runEnhancement, {
  queue: { retryLimit: 2, retryDelay: 5, expireInSeconds: 20 * 60, heartbeatSeconds: 60 },
  work: {
    batchSize: 1,
    pollingIntervalSeconds: 2,
    // Read when the worker starts, not when this module loads (the configuration may not be read yet).
    get localConcurrency() {
      return config().AI_JOB_CONCURRENCY;
    },
  },
});

/** Every minute: rows still queued or PROCESSING whose pg-boss job has ended or gone are failed with the reason. */
defineJob<object>("ai-enhance-sweep", async () => void (await sweepStuckJobs()), { schedule: { cron: "* * * * *" } });

async function runEnhancement({ jobId }: { jobId: string }, job: JobWithMetadata<{ jobId: string }>): Promise<void> {
  const db = await getDb();
  const row = await db.selectFrom("aiJobs").selectAll().where("id", "=", jobId).executeTakeFirst();
  if (!row || row.status === "COMPLETED" || row.status === "FAILED") return;
  const engine = currentEngine();
  await db
    .updateTable("aiJobs")
    .set({
      status: "PROCESSING",
      engine: engine.name,
      attempts: (eb) => eb("attempts", "+", 1),
      progressDone: 0,
      progressTotal: 0,
      error: null,
      startedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where("id", "=", jobId)
    .execute();
  // An earlier attempt that died halfway may have listed some results: this attempt makes them anew.
  await db.deleteFrom("aiResults").where("jobId", "=", jobId).execute();
  const signal = (job as { signal?: AbortSignal }).signal ?? new AbortController().signal;
  try {
    const options = row.options as JobOptions;
    const photos: EngineInput["photos"] = [];
    for (const key of row.sources) {
      const body = await storage().get(key);
      if (!body) throw new AppError("not_found", `A reference photo is no longer in storage: ${key}`);
      // The same limits as an upload: a file that is no photo or too many pixels stops here.
      photos.push({ bytes: (await cleanPhoto(body)).body });
    }
    const result = await engine.run({
      photos,
      prompt: row.prompt,
      productName: options.productName,
      productDescription: options.productDescription,
      styleHint: options.styleHint,
      backdrop: options.backdrop,
      width: options.width,
      height: options.height,
      sequentialMode: options.sequentialMode,
      watermark: options.watermark ? shop.name : null,
      signal,
      onProgress: async (done, total) => {
        await db
          .updateTable("aiJobs")
          .set({ progressDone: done, progressTotal: total, updatedAt: sql`now()` })
          .where("id", "=", jobId)
          .execute();
      },
    });
    const actor: Actor = { staffId: row.createdBy, label: "studio photos", role: "system", ip: null };
    for (const [position, image] of result.images.entries()) {
      const extension = image.contentType === "image/png" ? "png" : image.contentType === "image/webp" ? "webp" : "jpg";
      // The upload pipeline: checked, re-encoded, all the storefront's sizes made, audited.
      const [stored] = await uploadPhotos([{ name: `studio-${image.view}.${extension}`, body: image.bytes }], actor);
      await db
        .insertInto("aiResults")
        .values({
          jobId,
          position,
          storageKey: stored!.pathname,
          view: image.view,
          sourceIndex: image.sourceIndex,
        })
        .execute();
    }
    await db
      .updateTable("aiJobs")
      .set({ status: "COMPLETED", summary: result.summary, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where("id", "=", jobId)
      .execute();
  } catch (error) {
    if (signal.aborted && !(error instanceof AppError)) {
      // This instance is stopping or lost the job's claim: pg-boss hands it out again.
      await db.updateTable("aiJobs").set({ status: "queued", updatedAt: sql`now()` }).where("id", "=", jobId).execute();
      throw error;
    }
    const message = error instanceof Error ? error.message : String(error);
    console.error(`ai: job ${jobId} failed:`, message);
    await db
      .updateTable("aiJobs")
      .set({ status: "FAILED", error: message.slice(0, 1000), finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where("id", "=", jobId)
      .execute();
  }
}

/**
 * Rows that say queued or PROCESSING for over a minute while their pg-boss job has failed for
 * good (its worker died on every attempt), been cancelled or deleted: FAILED, with the reason.
 */
export async function sweepStuckJobs(): Promise<number> {
  const db = await getDb();
  const open = await db
    .selectFrom("aiJobs")
    .select(["id", "attempts"])
    .where("status", "in", ["queued", "PROCESSING"])
    .where("updatedAt", "<", sql<Date>`now() - interval '1 minute'`)
    .limit(100)
    .execute();
  if (open.length === 0) return 0;
  const boss = await jobs();
  let failed = 0;
  for (const { id, attempts } of open) {
    const [found] = await boss.findJobs(ENHANCE_QUEUE, { id });
    if (found && (found.state === "created" || found.state === "retry" || found.state === "active")) continue;
    // pg-boss's own reason ("job timed out", "job heartbeat timeout") is kept under value.
    const output = found?.output as { message?: string; value?: { message?: string } } | null | undefined;
    const why = output?.message ?? output?.value?.message;
    const reason =
      `The job stopped without finishing: its worker was stopped ${attempts} time${attempts === 1 ? "" : "s"}` +
      `${why ? ` (${why})` : ""} (the shop restarted or ran out of memory). Start it again.`;
    const done = await db
      .updateTable("aiJobs")
      .set({ status: "FAILED", error: reason, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where("id", "=", id)
      .where("status", "in", ["queued", "PROCESSING"])
      .returning("id")
      .execute();
    failed += done.length;
  }
  return failed;
}
