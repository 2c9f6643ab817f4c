import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { memoryOf } from "@workshop/testing/process-memory.ts";
import sharp from "sharp";

type Start = (command: string[], env: NodeJS.ProcessEnv, ready: string) => Promise<ChildProcess>;

/**
 * Uploads sent at once: one address's allowance (RATE_LIMIT_REFERENCE_PHOTOS, 10 per 10 minutes),
 * here from ten addresses, so that the shop's limits on waiting photos take every one.
 */
const REQUESTS = 10;
const PHOTOS_PER_REQUEST = 3;
/** Connections asking for the product page meanwhile, each one request after another. */
const PAGE_CONNECTIONS = 4;
/** The shop's resident memory may not pass this during a flood: it idles at about 0.7 GB. */
const PEAK_RSS_BOUND_MB = 1536;

const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

/**
 * A photo-like progressive JPEG of side × side pixels: a smooth gradient with grain, in 1000 px
 * tiles (the decoder does the same work for each), about 2 MB for 7000 px at quality 50.
 */
async function progressiveJpeg(side: number, quality: number, seed: number): Promise<Buffer> {
  const tile = 1000;
  let s = seed;
  const random = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) >> 16) / 32768;
  const corners = Buffer.from(Array.from({ length: 8 * 8 * 3 }, () => random() * 255));
  const pixels = await sharp(corners, { raw: { width: 8, height: 8, channels: 3 } })
    .resize(tile, tile, { kernel: "cubic" })
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, pixels[i]! + (random() - 0.5) * 24));
  return sharp(pixels, { raw: { width: tile, height: tile, channels: 3 } })
    .extend({ right: side - tile, bottom: side - tile, extendWith: "repeat" })
    .jpeg({ quality, progressive: true })
    .toBuffer();
}

/** Watches the shop's memory from now on: the kernel's peak is reset, and RSS is also sampled every 20 ms. */
function watchMemory(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // Not permitted here: the samples alone say the peak.
  }
  let sampled = memoryOf(pid).rss;
  const timer = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), 20);
  return () => {
    clearInterval(timer);
    return Math.max(sampled, memoryOf(pid).peak);
  };
}

/** Requests the page over PAGE_CONNECTIONS connections, one after another on each, until stopped; returns each latency (ms). */
function pageLoop(url: string) {
  let running = true;
  const latencies: number[] = [];
  const loops = Array.from({ length: PAGE_CONNECTIONS }, async () => {
    while (running) {
      const t = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    return latencies;
  };
}

function percentiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99) };
}

type Flood = { seconds: number; statuses: Map<number, number>; peakMb: number; page: ReturnType<typeof percentiles> };

/** REQUESTS uploads of the photos at once to POST /api/custom-orders/uploads, the product page asked meanwhile. */
async function flood(origin: string, pid: number, photos: Buffer[]): Promise<Flood> {
  const stopPage = pageLoop(`${origin}/products/1`);
  const stopMemory = watchMemory(pid);
  const t = performance.now();
  const answers = await Promise.all(
    Array.from({ length: REQUESTS }, async (_, client) => {
      const form = new FormData();
      for (const [i, photo] of photos.entries())
        form.append("files", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `ref-${i}.jpg`);
      const headers = { "X-Forwarded-For": `198.51.100.${client + 1}` };
      const response = await fetch(`${origin}/api/custom-orders/uploads`, { method: "POST", body: form, headers });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const seconds = (performance.now() - t) / 1000;
  const peakMb = stopMemory();
  const page = percentiles(await stopPage());
  const statuses = new Map<number, number>();
  for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  return { seconds, statuses, peakMb, page };
}

/**
 * BENCH_ONLY=decode: ten reference uploads at once, three progressive JPEGs each: 7000 × 7000
 * (49 MP, about 2 MB each: under the staff's 50 MP, over the public 25 MP), then 5000 × 5000
 * (25 MP, the largest a reference photo may be). For each flood: how long until every answer, the
 * shop's peak memory, and the product page's p50/p99 meanwhile against the same page idle, in the
 * same run.
 */
export async function decodeFigures(start: Start, port: number, seconds: number) {
  console.log(`\nreference photo decoding: ${REQUESTS} requests at once, ${PHOTOS_PER_REQUEST} progressive JPEGs each`);
  const floods = [
    { label: "7000 × 7000 (49 MP)", photos: await Promise.all([1, 2, 3].map((seed) => progressiveJpeg(7000, 50, seed))) },
    { label: "5000 × 5000 (25 MP)", photos: await Promise.all([1, 2, 3].map((seed) => progressiveJpeg(5000, 70, seed))) },
  ];
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-decode-"));
  const shop = await start(
    ["src/main.ts"],
    // Behind a proxy on loopback as far as the shop knows: each upload names its own client.
    { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", TRUST_PROXY: "loopback" },
    "Shop running at",
  );
  try {
    const origin = `http://127.0.0.1:${port}`;
    const pid = shop.pid!;
    const warm = pageLoop(`${origin}/products/1`);
    await new Promise((r) => setTimeout(r, 2000));
    await warm();
    const idleRss = memoryOf(pid).rss;
    const stopIdle = pageLoop(`${origin}/products/1`);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const idle = percentiles(await stopIdle());
    const ms = (v: number) => `${v.toFixed(1).padStart(6)} ms`;
    console.log(`\n  GET /products/1 on ${PAGE_CONNECTIONS} connections, one request after another on each`);
    console.log(
      `    idle, ${seconds} s:  p50 ${ms(idle.p50)}   p99 ${ms(idle.p99)}   (${idle.n} requests); shop RSS ${idleRss.toFixed(0)} MB`,
    );
    let peak = 0;
    for (const { label, photos } of floods) {
      const mb = (photos.reduce((sum, p) => sum + p.length, 0) / photos.length / 2 ** 20).toFixed(1);
      const f = await flood(origin, pid, photos);
      peak = Math.max(peak, f.peakMb);
      const answers = [...f.statuses].map(([status, n]) => `${n} × ${status}`).join(", ");
      const times = (v: number, base: number) => `${(v / Math.max(0.1, base)).toFixed(1)}× idle`;
      console.log(`\n  flood of ${label}, ${mb} MB each: every answer after ${f.seconds.toFixed(1)} s (${answers})`);
      console.log(
        `    page meanwhile:  p50 ${ms(f.page.p50)} (${times(f.page.p50, idle.p50)})   p99 ${ms(f.page.p99)} (${times(f.page.p99, idle.p99)})   (${f.page.n} requests)`,
      );
      console.log(`    shop peak RSS ${f.peakMb.toFixed(0)} MB, ${(f.peakMb - idleRss).toFixed(0)} MB over idle`);
    }
    console.log(`\n  shop peak RSS ${peak.toFixed(0)} MB (bound < ${PEAK_RSS_BOUND_MB} MB) ${verdict(peak < PEAK_RSS_BOUND_MB)}`);
  } finally {
    shop.kill("SIGTERM");
    await new Promise((r) => shop.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
