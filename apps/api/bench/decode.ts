import { writeFileSync } from "node:fs";
import { PGLITE } from "@workshop/testing/bench-databases.ts";
import { memoryOf } from "@workshop/testing/process-memory.ts";
import sharp from "sharp";
import { startApi } from "./api.ts";

/**
 * Uploads sent at once: one address's allowance (RATE_LIMIT_REFERENCE_PHOTOS, 10 per 10 minutes),
 * here from ten addresses, so that the shop's limits on waiting photos take every one.
 */
const REQUESTS = 10;
const PHOTOS_PER_REQUEST = 3;
/** Connections asking for the product page's read (GET /api/shop/products/1) meanwhile, each one request after another. */
const PAGE_CONNECTIONS = 4;
/** The API's resident memory may not pass this during a flood: it idles at about 0.6 GB on PGlite. */
const PEAK_RSS_BOUND_MB = 1536;

const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
/** What the product page asks of the API. */
const PRODUCT_READ = "/api/shop/products/1?lang=en";

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

/** Watches the API's memory from now on: the kernel's peak is reset, and RSS is also sampled every 20 ms. */
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

/** REQUESTS uploads of the photos at once to POST /api/custom-orders/uploads, the product page's read asked meanwhile. */
async function flood(origin: string, pid: number, photos: Buffer[]): Promise<Flood> {
  const stopPage = pageLoop(origin + PRODUCT_READ);
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
 * (25 MP, the largest a reference photo may be), to the API, which decodes them. For each flood:
 * how long until every answer, the API's peak memory, and the p50/p99 of the product page's read
 * (its call to the API; the page adds the storefront's rendering in its own process) meanwhile
 * against the same read idle, in the same run.
 */
export async function decodeFigures(seconds: number) {
  console.log(`\nreference photo decoding: ${REQUESTS} requests at once, ${PHOTOS_PER_REQUEST} progressive JPEGs each`);
  const floods = [
    { label: "7000 × 7000 (49 MP)", photos: await Promise.all([1, 2, 3].map((seed) => progressiveJpeg(7000, 50, seed))) },
    { label: "5000 × 5000 (25 MP)", photos: await Promise.all([1, 2, 3].map((seed) => progressiveJpeg(5000, 70, seed))) },
  ];
  // Behind a proxy on loopback (the storefront) as far as the API knows: each upload names its own client.
  const api = await startApi(PGLITE, { TRUST_PROXY: "loopback" });
  try {
    const origin = api.origin;
    const pid = api.process.child.pid!;
    const warm = pageLoop(origin + PRODUCT_READ);
    await new Promise((r) => setTimeout(r, 2000));
    await warm();
    const idleRss = memoryOf(pid).rss;
    const stopIdle = pageLoop(origin + PRODUCT_READ);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const idle = percentiles(await stopIdle());
    const ms = (v: number) => `${v.toFixed(1).padStart(6)} ms`;
    console.log(`\n  GET ${PRODUCT_READ} on ${PAGE_CONNECTIONS} connections, one request after another on each`);
    console.log(
      `    idle, ${seconds} s:  p50 ${ms(idle.p50)}   p99 ${ms(idle.p99)}   (${idle.n} requests); API RSS ${idleRss.toFixed(0)} MB`,
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
        `    read meanwhile:  p50 ${ms(f.page.p50)} (${times(f.page.p50, idle.p50)})   p99 ${ms(f.page.p99)} (${times(f.page.p99, idle.p99)})   (${f.page.n} requests)`,
      );
      console.log(`    API peak RSS ${f.peakMb.toFixed(0)} MB, ${(f.peakMb - idleRss).toFixed(0)} MB over idle`);
    }
    console.log(`\n  API peak RSS ${peak.toFixed(0)} MB (bound < ${PEAK_RSS_BOUND_MB} MB) ${verdict(peak < PEAK_RSS_BOUND_MB)}`);
  } finally {
    await api.stop();
  }
}
