/**
 * The local engine's child process: loads the background-removal model once, then cuts out and
 * composes one photo per request, one request at a time. A process of its own (not a thread) so
 * its CPU threads (onnxruntime and libvips) are bounded without touching the shop's sharp, its
 * memory is measurable and returned on close, and a crash in native code cannot take the shop down.
 */
import sharp from "sharp";
import type { Backdrop } from "#server/ai/engine.ts";
import { closeUpShare, composeCloseUp, measure, type Window } from "./closeup.ts";
import { cutOut } from "./cutout.ts";
import { loadSegmenter, type ModelSize, type Segmenter } from "./model.ts";
import { alphaBox, type Cutout, composeStudio } from "./studio.ts";

export type WorkerRequest =
  | {
      id: number;
      kind: "photo";
      /** Photos of one run share a job number: the sharpest of them is kept for the close-up. */
      job: number;
      bytes: Uint8Array;
      backdrop: Backdrop;
      width: number;
      height: number;
      watermark: string | null;
    }
  | { id: number; kind: "closeUp"; job: number; backdrop: Backdrop; width: number; height: number; watermark: string | null }
  /** The job ended without its close-up (aborted or failed): its kept cut-out is dropped. */
  | { id: number; kind: "forget"; job: number }
  | { id: number; kind: "cutout"; bytes: Uint8Array }
  | { id: number; kind: "memory" };

/** `closeUp`: the photo has pixels enough for a close-up, so it is among those the close-up may come from. */
export type PhotoReply = { studio: Buffer; sharpness: number; hat: boolean; closeUp: boolean };
export type CloseUpReply = { closeUp: Buffer | null };
export type CutoutReply = { png: Buffer; alpha: Buffer; width: number; height: number };
export type MemoryReply = { rss: number; peakRss: number };
type ForgetReply = { forgotten: boolean };
type Reply = PhotoReply | CloseUpReply | CutoutReply | MemoryReply | ForgetReply;
export type WorkerReply = { id: number } & ({ ok: true; value: Reply } | { ok: false; error: string });

const threads = Math.max(1, Number(process.env.LOCAL_ENGINE_THREADS) || 1);
const size: ModelSize = process.env.LOCAL_ENGINE_MODEL === "small" ? "small" : "medium";
sharp.concurrency(threads);
sharp.cache(false);

let segmenter: Promise<Segmenter> | null = null;
const model = () => {
  segmenter ??= loadSegmenter(size, threads);
  return segmenter;
};

/**
 * The sharpest photo of each running job so far that is large enough for a close-up (jobs may
 * interleave), kept for it: the photo itself, which the close-up is cut from at full resolution,
 * its cut-out (the mask) and where the window is.
 */
const sharpest = new Map<number, { original: Buffer; cutout: Cutout; window: Window; sharpness: number }>();

const memory = (): MemoryReply => ({ rss: process.memoryUsage.rss(), peakRss: process.resourceUsage().maxRSS * 1024 });

async function handle(request: WorkerRequest): Promise<Reply> {
  if (request.kind === "memory") return memory();
  if (request.kind === "forget") {
    return { forgotten: sharpest.delete(request.job) };
  }
  if (request.kind === "closeUp") {
    const best = sharpest.get(request.job);
    sharpest.delete(request.job);
    if (!best) return { closeUp: null };
    const { backdrop, width, height, watermark } = request;
    const made = await composeCloseUp(best.original, best.cutout, best.window, { backdrop, width, height, watermark });
    return { closeUp: made?.jpeg ?? null };
  }
  const original = Buffer.from(request.bytes);
  const cutout = await cutOut(await model(), original);
  if (request.kind === "cutout") {
    const raw = { raw: { width: cutout.width, height: cutout.height, channels: 4 as const } };
    const png = await sharp(cutout.rgba, raw).png({ compressionLevel: 2 }).toBuffer();
    const alpha = await sharp(cutout.rgba, raw).extractChannel(3).raw().toBuffer();
    return { png, alpha, width: cutout.width, height: cutout.height };
  }
  const { backdrop, width, height, watermark } = request;
  // One scan of the cut-out's pixels for the hat's box, for both.
  const box = alphaBox(cutout);
  // The close-up's window, as a share of the hat, holds enough of the photo's own pixels (closeup.ts).
  const scale = (await sharp(original).metadata()).autoOrient.width / cutout.width;
  const share = box ? closeUpShare({ width: box.width * scale, height: box.height * scale }, width / height) : null;
  const measured = await measure(cutout, width / height, box, share ?? undefined);
  const studio = await composeStudio(cutout, { backdrop, width, height, watermark }, box);
  const before = sharpest.get(request.job);
  const closeUp = measured !== null && share !== null;
  if (closeUp && (!before || measured.sharpness > before.sharpness)) {
    sharpest.set(request.job, { original, cutout, window: measured.window, sharpness: measured.sharpness });
  }
  return { studio, sharpness: measured?.sharpness ?? 0, hat: measured !== null, closeUp };
}

// One request at a time: the model and its threads are the bounded resource.
let queue: Promise<void> = Promise.resolve();
process.on("message", (request: WorkerRequest) => {
  queue = queue.then(async () => {
    let reply: WorkerReply;
    try {
      reply = { id: request.id, ok: true, value: await handle(request) };
    } catch (error) {
      reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    process.send?.(reply);
  });
});
// The shop went away: nothing left to work for.
process.on("disconnect", () => process.exit(0));
