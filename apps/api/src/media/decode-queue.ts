import sharp from "sharp";

/**
 * Whose photo is decoded: "shop" for the staff's uploads, the studio-photo jobs and the sizes
 * /media makes of the shop's own photos; "public" for what anyone may send (a custom request's
 * reference photos).
 */
export type DecodeKind = "shop" | "public";

/** Decodes at once in this process: one per core of the 2-core machine (each is one libvips thread). */
export const DECODE_SLOTS = 2;
/** Of those, what anonymous uploads may hold: one, so a flood of them leaves a core to the pages and a slot to the staff. */
export const PUBLIC_DECODE_SLOTS = 1;

type Waiting = { kind: DecodeKind; start: () => void };
type State = { running: number; publicRunning: number; waiting: Waiting[] };

// Process-wide, like the database: server modules are loaded twice (entry and route bundle), and
// two queues would allow twice the decodes.
const slot = Symbol.for("shop.decode-queue");
const g = globalThis as { [slot]?: State };
const state: State = (g[slot] ??= { running: 0, publicRunning: 0, waiting: [] });

/**
 * Sets sharp up for the web process, once at start. No operation cache: every photo arrives as a
 * new buffer, so nothing would be found again and the cache (50 MB, 20 files, 100 items by
 * default) would only hold memory. One libvips thread per image (glibc's default, made explicit
 * for every platform), so DECODE_SLOTS decodes use at most as many cores.
 */
export function setUpSharp(): void {
  sharp.cache({ memory: 0, files: 0, items: 0 });
  sharp.concurrency(1);
}

/**
 * Runs `work` (a sharp decode, with whatever it encodes from it) when a slot is free. Waiting
 * shop work goes before waiting public work, first come first served within each; public work
 * never holds more than PUBLIC_DECODE_SLOTS. `work` must not wait for another slot itself.
 */
export async function decoding<T>(kind: DecodeKind, work: () => Promise<T>): Promise<T> {
  await new Promise<void>((start) => {
    state.waiting.push({ kind, start });
    startWaiting();
  });
  try {
    return await work();
  } finally {
    state.running--;
    if (kind === "public") state.publicRunning--;
    startWaiting();
  }
}

/** How many decodes run and wait now (tests). */
export const decodeQueueNow = () => ({ running: state.running, publicRunning: state.publicRunning, waiting: state.waiting.length });

function startWaiting(): void {
  for (let next = nextToStart(); next >= 0; next = nextToStart()) {
    const [started] = state.waiting.splice(next, 1);
    state.running++;
    if (started!.kind === "public") state.publicRunning++;
    started!.start();
  }
}

function nextToStart(): number {
  if (state.running >= DECODE_SLOTS) return -1;
  const shop = state.waiting.findIndex((w) => w.kind === "shop");
  if (shop >= 0 || state.publicRunning >= PUBLIC_DECODE_SLOTS) return shop;
  return state.waiting.findIndex((w) => w.kind === "public");
}
