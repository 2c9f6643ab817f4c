import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import type { Engine, EngineImage, EngineInput, EngineResult, View } from "#server/ai/engine.ts";
import { DEFAULT_LOCAL_THREADS } from "#server/config.ts";
import type { ModelSize } from "./model.ts";
import type { CloseUpReply, CutoutReply, MemoryReply, PhotoReply, WorkerReply, WorkerRequest } from "./worker.ts";

/**
 * The local engine: background removal (IS-Net, shipped in an npm package) and studio compositing
 * with sharp, in one child process per engine that loads the model once. It makes one studio photo
 * per reference photo and one close-up of the weave or band, cut at full resolution from the
 * sharpest photo with pixels enough for one (closeup.ts); it cannot draw angles the photos do not
 * show, and its summary says so.
 */
export type LocalEngineOptions = {
  /** CPU threads of the model and of sharp in the child process (default DEFAULT_LOCAL_THREADS). */
  threads?: number;
  /** The package's IS-Net size (default medium, the better cut-out). */
  model?: ModelSize;
  /**
   * How long the child process may sit idle before it exits and gives its memory back (the model
   * alone is hundreds of MB); the next job starts it again. Default IDLE_MS.
   */
  idleMs?: number;
};

/** Two minutes without a job: long enough for the next photo of a session, short enough to give the memory back soon. */
const IDLE_MS = 120_000;

/** The engine plus what the bench and tests measure: a bare cut-out, the child's memory, whether it runs. */
export type LocalEngine = Engine & {
  cutOut(photo: Buffer): Promise<CutoutReply>;
  memory(): Promise<MemoryReply | null>;
  running(): boolean;
};

/** A request without its id (the engine numbers them). */
type Ask = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, "id"> : never) : never;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

// Through the package's name, not next to this file: the storefront's production bundle holds a copy
// of this module, and the child must run the API's source file either way.
const WORKER = createRequire(import.meta.url).resolve("@workshop/api/ai/local/worker.ts");

export function createLocalEngine(options: LocalEngineOptions = {}): LocalEngine {
  const threads = Math.max(1, Math.floor(options.threads ?? DEFAULT_LOCAL_THREADS));
  const idleMs = options.idleMs ?? IDLE_MS;
  let child: ChildProcess | null = null;
  let nextId = 1;
  let nextJob = 1;
  const pending = new Map<number, Pending>();
  /** Jobs under way: the child keeps a job's sharpest cut-out between its requests, so it stays while any runs. */
  let jobs = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const stop = async (): Promise<void> => {
    clearTimeout(idleTimer);
    const running = child;
    if (!running) return;
    child = null;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  /** Counts the idle time from now when nothing is asked of the child and no job runs. */
  const restIfIdle = () => {
    clearTimeout(idleTimer);
    if (!child || jobs > 0 || pending.size > 0) return;
    idleTimer = setTimeout(() => void stop(), idleMs);
    idleTimer.unref();
  };

  const start = (): ChildProcess => {
    if (child) return child;
    const started = fork(WORKER, [], {
      execPath: process.execPath,
      execArgv: [],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: {
        ...process.env,
        LOCAL_ENGINE_THREADS: String(threads),
        LOCAL_ENGINE_MODEL: options.model ?? "medium",
        OMP_NUM_THREADS: String(threads),
        VIPS_CONCURRENCY: String(threads),
      },
    });
    // Below the shop in the scheduler's eyes: page requests first, photos with what is left.
    try {
      if (started.pid) setPriority(started.pid, 19);
    } catch {
      // Not permitted here: the bounded thread count still keeps a core free.
    }
    started.on("message", (reply: WorkerReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new Error(reply.error));
      restIfIdle();
    });
    started.once("exit", (code, signal) => {
      // Stopped when idle, and a newer process already took the next job: the requests are its own.
      if (child !== null && child !== started) return;
      child = null;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(new Error(`The local engine's process stopped (${signal ?? `exit ${code}`})`));
      }
    });
    child = started;
    return started;
  };

  const ask = <T>(request: Ask): Promise<T> => {
    clearTimeout(idleTimer);
    const id = nextId++;
    const worker = start();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.send({ ...request, id } as WorkerRequest);
    });
  };

  /** One run: a studio photo per reference photo, then the close-up from the sharpest. */
  const runJob = async (job: number, input: EngineInput): Promise<EngineResult> => {
    const { photos, signal, width, height } = input;
    for (const side of [width, height]) {
      if (!Number.isInteger(side) || side < 64 || side > 2048) throw new Error(`Photo size ${width} x ${height}: each side 64–2048 px`);
    }
    const total = photos.length + 1;
    const images: EngineImage[] = [];
    let sharpest: { sharpness: number; index: number } | null = null;
    const missed: number[] = [];
    for (const [index, photo] of photos.entries()) {
      signal.throwIfAborted();
      const reply = await untilAborted(
        ask<PhotoReply>({
          kind: "photo",
          job,
          bytes: photo.bytes,
          backdrop: input.backdrop,
          width,
          height,
          watermark: input.watermark,
        }),
        signal,
      );
      if (reply.hat) images.push(jpeg(reply.studio, "studio", index));
      else missed.push(index + 1);
      // The close-up comes from the sharpest photo with pixels enough for one (the child picks the same).
      if (reply.closeUp && (!sharpest || reply.sharpness > sharpest.sharpness)) sharpest = { sharpness: reply.sharpness, index };
      await input.onProgress(index + 1, total);
    }
    signal.throwIfAborted();
    const { closeUp } = await untilAborted(
      ask<CloseUpReply>({ kind: "closeUp", job, backdrop: input.backdrop, width, height, watermark: input.watermark }),
      signal,
    );
    if (closeUp && sharpest) images.push(jpeg(closeUp, "details", sharpest.index));
    await input.onProgress(total, total);
    const studio = images.filter((i) => i.view === "studio").length;
    return { images, summary: summarize(studio, closeUp && sharpest ? sharpest.index + 1 : null, missed) };
  };

  return {
    name: "local",
    // It draws nothing: no other angles, no series, no prompt for a style hint to reach.
    offers: { views: ["studio", "details"], sequentialMode: false, styleHint: false },
    async run(input: EngineInput): Promise<EngineResult> {
      const job = nextJob++;
      jobs++;
      clearTimeout(idleTimer);
      try {
        return await runJob(job, input);
      } catch (error) {
        // The child keeps the job's sharpest cut-out until its close-up: drop it.
        if (child) ask({ kind: "forget", job }).catch(() => {});
        throw error;
      } finally {
        jobs--;
        restIfIdle();
      }
    },
    cutOut: (photo) => ask<CutoutReply>({ kind: "cutout", bytes: photo }),
    memory: async () => (child ? ask<MemoryReply>({ kind: "memory" }) : null),
    running: () => child !== null,
    close: stop,
  };
}

/** Bytes come back from the child as a plain Uint8Array (structured clone): a Buffer again for the job. */
const jpeg = (bytes: Uint8Array, view: View, sourceIndex: number): EngineImage => ({
  bytes: Buffer.from(bytes),
  contentType: "image/jpeg",
  view,
  sourceIndex,
});

/** Rejects as soon as the signal fires; the photo in hand finishes in the child and is dropped. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function summarize(studio: number, closeUpFrom: number | null, missed: number[]): string {
  const made = [plural(studio, "studio photo", "studio photos")];
  if (closeUpFrom !== null) made.push(`1 close-up (from photo ${closeUpFrom}, the sharpest)`);
  const noHat = missed.length > 0 ? `; no hat found in ${plural(missed.length, "photo", "photos")} ${missed.join(", ")}` : "";
  const noCloseUp = closeUpFrom === null && studio > 0 ? "; no close-up: the photos are too small for a sharp one" : "";
  return `Local engine: ${made.join(" and ")}${noHat}${noCloseUp}; other angles need a generative model`;
}
