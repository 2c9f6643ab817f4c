import { gzipSync } from "node:zlib";
import { PGLITE } from "@workshop/testing/bench-databases.ts";
import { CONNECTIONS, cpuText, type Figures, fmt, load, prepare, SECONDS, verdict, withCpu } from "./load.ts";
import { startFloor, startShop } from "./shop.ts";

/** Targets of the product page against the floor's requests per second (at CONNECTIONS, 16 unless set). */
const UNCACHED_RATIO = 0.25;
const UNCACHED_P99_MS = 100;
const CACHED_RATIO = 1.5;
const JAVASCRIPT_RATIO = 1.2;

/**
 * Gzip bytes of every JavaScript file a page loads at start: its module preloads and the modules
 * its inline scripts import. (The inline route manifest also names modules of routes the page may
 * lead to, such as the optional-language routes that could match; those load only on navigation.)
 */
async function javascriptBytes(origin: string, pagePath: string): Promise<{ files: number; gzip: number }> {
  const html = await (await fetch(origin + pagePath)).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const imported = [...html.matchAll(/import (?:\* as \w+ from )?"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const urls = new Set([...preloads, ...imported]);
  let gzip = 0;
  for (const u of urls) gzip += gzipSync(Buffer.from(await (await fetch(origin + u)).arrayBuffer())).length;
  return { files: urls.size, gzip };
}

/**
 * The main pages through the split shop (the storefront, and the API it calls for each page's
 * data), on PGlite, with the page cache on and off, against the floor: the smallest server-rendered
 * React Router page on the storefront's own HTTP stack, measured in the same run on the same
 * machine, before and after the pages. Each line also says the CPU each process spent per request: what a page costs the
 * storefront, and what its call costs the API.
 */
export async function pageFigures() {
  const floor = await startFloor();
  const cached = await startShop(PGLITE);
  const uncached = await startShop(PGLITE, { storefront: { PAGE_CACHE_SECONDS: "0" } });
  try {
    const targets = [
      ["floor (minimal React Router page)", `${floor.origin}/`, null],
      ["GET /products/1", `${cached.origin}/products/1`, cached],
      ["GET /products", `${cached.origin}/products`, cached],
      ["GET /api/products (forwarded to the API)", `${cached.origin}/api/products`, cached],
      ["GET /products/1 (page cache off)", `${uncached.origin}/products/1`, uncached],
      ["GET /products (page cache off)", `${uncached.origin}/products`, uncached],
      ["floor again", `${floor.origin}/`, null],
    ] as const;
    console.log(
      `\npages on PGlite: the storefront and its API, ${CONNECTIONS} connections, ${SECONDS} s each; CPU per request of the storefront (SF) and the API`,
    );
    const results = new Map<string, Figures>();
    for (const [name, url, shop] of targets) {
      const pids: Record<string, number> = shop
        ? { SF: shop.storefront.child.pid!, API: shop.api.child.pid! }
        : { floor: floor.process.child.pid! };
      await prepare({ url });
      const { result, cpuMsPerRequest } = await withCpu(
        pids,
        () => load({ url }),
        (f) => f.requests,
      );
      results.set(name, result);
      console.log(`${name.padEnd(42)} ${fmt(result)}   CPU ${cpuText(cpuMsPerRequest)}`);
    }
    // The machine's other work comes and goes: the pages are held to the mean of the floor measured
    // before and after them.
    const floorRps = (results.get(targets[0][0])!.rps + results.get("floor again")!.rps) / 2;
    console.log(`\nratio to the floor (req/s), the mean of its two figures: ${floorRps.toFixed(0)} req/s`);
    for (const [name] of targets.slice(1, -1)) {
      const f = results.get(name)!;
      console.log(`  ${name.padEnd(40)} ${(f.rps / floorRps).toFixed(2)}   p99 ${f.p99} ms`);
    }

    const productCached = results.get("GET /products/1")!;
    const productUncached = results.get("GET /products/1 (page cache off)")!;
    const ours = await javascriptBytes(cached.origin, "/products/1");
    const base = await javascriptBytes(floor.origin, "/");
    console.log("\nJavaScript loaded (gzip):");
    console.log(`  floor           ${base.gzip} B in ${base.files} files`);
    console.log(`  product page    ${ours.gzip} B in ${ours.files} files   ratio ${(ours.gzip / base.gzip).toFixed(2)}`);

    const uncachedRatio = productUncached.rps / floorRps;
    const cachedRatio = productCached.rps / floorRps;
    const clean = (f: Figures) => f.errors + f.non2xx === 0;
    console.log("\ntargets:");
    console.log(
      `  product page, page cache off (its API call included): >= ${UNCACHED_RATIO}x the floor: ${uncachedRatio.toFixed(2)}x ${verdict(`product page, page cache off: >= ${UNCACHED_RATIO}x the floor's req/s (${uncachedRatio.toFixed(2)}x)`, uncachedRatio >= UNCACHED_RATIO && clean(productUncached))}; p99 <= ${UNCACHED_P99_MS} ms at ${CONNECTIONS} connections: ${productUncached.p99} ms ${verdict(`product page, page cache off: p99 <= ${UNCACHED_P99_MS} ms at ${CONNECTIONS} connections (${productUncached.p99} ms)`, productUncached.p99 <= UNCACHED_P99_MS)}`,
    );
    console.log(
      `  product page, page cache on: >= ${CACHED_RATIO}x the floor: ${cachedRatio.toFixed(2)}x ${verdict(`product page, page cache on: >= ${CACHED_RATIO}x the floor's req/s (${cachedRatio.toFixed(2)}x)`, cachedRatio >= CACHED_RATIO && clean(productCached))}`,
    );
    const jsRatio = ours.gzip / base.gzip;
    console.log(
      `  product page's JavaScript <= ${JAVASCRIPT_RATIO}x the floor's: ${jsRatio.toFixed(2)}x ${verdict(`product page's JavaScript <= ${JAVASCRIPT_RATIO}x the floor's (${jsRatio.toFixed(2)}x)`, jsRatio <= JAVASCRIPT_RATIO)}`,
    );
  } finally {
    await Promise.all([floor.process.stop(), cached.stop(), uncached.stop()]);
  }
}
