import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGLITE } from "@workshop/testing/bench-databases.ts";
import autocannon from "autocannon";
import sharp, { type OverlayOptions } from "sharp";
import type { EngineInput } from "#server/ai/engine.ts";
import { createLocalEngine, type LocalEngine } from "#server/ai/local/engine.ts";
import { maskIou } from "#server/ai/local/mask.ts";
import type { ModelSize } from "#server/ai/local/model.ts";
import { composeStudio } from "#server/ai/local/studio.ts";
import { DEFAULT_LOCAL_THREADS } from "#server/config.ts";
import { benchScenes, type Scene } from "./ai-scenes.ts";
import { startApi } from "./api.ts";

const GOALS = { meanIou: 0.93, worstIou: 0.85, warmSeconds: 8, coldSeconds: 15, p99Ratio: 2 };
const CONNECTIONS = 8;
const SHEET = path.resolve("bench-results/ai-contact-sheet.png");
const THREADS = Number(process.env.BENCH_AI_THREADS ?? DEFAULT_LOCAL_THREADS);
const MODEL: ModelSize = process.env.BENCH_AI_MODEL === "small" ? "small" : "medium";

const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

function job(scenes: Scene[], onProgress: EngineInput["onProgress"] = () => {}): EngineInput {
  return {
    photos: scenes.map((s) => ({ bytes: s.photo })),
    prompt: "",
    productName: "Bench hat",
    productDescription: "",
    styleHint: "",
    backdrop: "paper",
    width: 1600,
    height: 1600,
    sequentialMode: false,
    watermark: "Bali Hat Workshop",
    onProgress,
    signal: new AbortController().signal,
  };
}

/**
 * The local engine on the shop's own test set: cut-out quality (IoU against the true masks), a
 * contact sheet to look at, seconds per 1600 px photo cold and warm, the child's peak memory, and
 * the p99 of the API's read behind the product page (GET /api/shop/products/1) while a job runs
 * against idle, in the same run.
 */
export async function aiFigures(seconds: number) {
  console.log(`\nlocal AI engine (IS-Net ${MODEL}, ${THREADS} thread${THREADS === 1 ? "" : "s"})`);
  const scenes = await benchScenes();
  let engine: LocalEngine = createLocalEngine({ threads: THREADS, model: MODEL });
  try {
    // Cold: a fresh engine, so the time includes starting the process and loading the model.
    let t = performance.now();
    await engine.run(job(scenes.slice(0, 1)));
    const cold = (performance.now() - t) / 1000;
    t = performance.now();
    const warmScenes = scenes.slice(1, 4);
    await engine.run(job(warmScenes));
    const warm = (performance.now() - t) / 1000 / warmScenes.length;

    const ious: number[] = [];
    const rows: Buffer[][] = [];
    for (const scene of scenes) {
      const cut = await engine.cutOut(scene.photo);
      const iou = maskIou(cut.alpha, scene.truth);
      ious.push(iou);
      console.log(`  ${scene.name.padEnd(34)} IoU ${iou.toFixed(3)}`);
      const rgba = await sharp(cut.png).raw().toBuffer();
      const studio = await composeStudio(
        { rgba, width: cut.width, height: cut.height },
        { backdrop: "paper", width: 800, height: 800, watermark: null },
      );
      rows.push([scene.photo, cut.png, studio]);
    }
    const mean = ious.reduce((a, b) => a + b, 0) / ious.length;
    const worst = Math.min(...ious);
    await contactSheet(rows, ious);
    const memory = await engine.memory();
    await engine.close();

    console.log(
      `\n  cut-out IoU over ${ious.length} photos: mean ${mean.toFixed(3)} (goal >= ${GOALS.meanIou}) ${verdict(mean >= GOALS.meanIou)}, worst ${worst.toFixed(3)} (goal >= ${GOALS.worstIou}) ${verdict(worst >= GOALS.worstIou)}`,
    );
    console.log(
      `  seconds per 1600 px photo: cold ${cold.toFixed(1)} s (goal <= ${GOALS.coldSeconds}) ${verdict(cold <= GOALS.coldSeconds)}, warm ${warm.toFixed(1)} s (goal <= ${GOALS.warmSeconds}) ${verdict(warm <= GOALS.warmSeconds)}; the old shop took 80–90 s per job`,
    );
    console.log(`  engine process peak memory (RSS): ${memory ? (memory.peakRss / 2 ** 20).toFixed(0) : "?"} MB`);
    console.log(`  contact sheet (source, cut-out, studio photo per row): ${SHEET}`);

    // The API's read behind the product page, idle and while a job runs (a fresh engine: the job
    // includes loading the model). The page itself adds the storefront's rendering, in its own process.
    const api = await startApi(PGLITE);
    try {
      const url = `${api.origin}/api/shop/products/1?lang=en`;
      await autocannon({ url, connections: CONNECTIONS, duration: 2 });
      const idle = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
      engine = createLocalEngine({ threads: THREADS, model: MODEL });
      let running = true;
      const busy = (async () => {
        while (running) await engine.run(job(scenes.slice(0, 2)));
      })();
      // Measured once the model is loaded and the job is cutting out photos.
      await engine.cutOut(scenes[0]!.photo);
      const loaded = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
      running = false;
      await busy;
      const ratio = loaded.latency.p99 / Math.max(1, idle.latency.p99);
      console.log(`\n  GET /api/shop/products/1 (the product page's call), ${CONNECTIONS} connections, ${seconds} s:`);
      console.log(
        `    idle            ${idle.requests.average.toFixed(0).padStart(6)} req/s   p50 ${idle.latency.p50} ms   p99 ${idle.latency.p99} ms`,
      );
      console.log(
        `    job running     ${loaded.requests.average.toFixed(0).padStart(6)} req/s   p50 ${loaded.latency.p50} ms   p99 ${loaded.latency.p99} ms`,
      );
      console.log(`    p99 ratio ${ratio.toFixed(2)} (goal <= ${GOALS.p99Ratio}) ${verdict(ratio <= GOALS.p99Ratio)}`);
    } finally {
      await api.stop();
    }
  } finally {
    await engine.close();
  }
}

/** One row per photo: the source, the cut-out on a checkerboard, the studio photo; IoU written on the row. */
async function contactSheet(rows: Buffer[][], ious: number[]) {
  const cell = 360,
    gap = 8;
  const checker = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${cell}" height="${cell}"><defs><pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="#ffffff"/><rect width="12" height="12" fill="#d0d0d0"/><rect x="12" y="12" width="12" height="12" fill="#d0d0d0"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
  const layers: OverlayOptions[] = [];
  for (const [r, row] of rows.entries()) {
    for (const [c, image] of row.entries()) {
      const fitted = await sharp(image)
        .resize(cell, cell, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      const input =
        c === 1
          ? await sharp(checker)
              .composite([{ input: fitted }])
              .png()
              .toBuffer()
          : fitted;
      layers.push({ input, left: gap + c * (cell + gap), top: gap + r * (cell + gap) });
    }
    const label = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="28"><rect width="120" height="28" fill="#000" fill-opacity="0.6"/><text x="6" y="20" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#fff">IoU ${ious[r]!.toFixed(3)}</text></svg>`;
    layers.push({ input: Buffer.from(label), left: gap + cell + gap, top: gap + r * (cell + gap) });
  }
  mkdirSync(path.dirname(SHEET), { recursive: true });
  await sharp({ create: { width: gap + 3 * (cell + gap), height: gap + rows.length * (cell + gap), channels: 3, background: "#808080" } })
    .composite(layers)
    .png()
    .toFile(SHEET);
}
