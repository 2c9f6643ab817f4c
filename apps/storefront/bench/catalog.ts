import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BenchDatabase, PGLITE } from "@workshop/testing/bench-databases.ts";
import { freePorts, startNodeProcess } from "@workshop/testing/processes.ts";
import { scratchPostgresDatabase } from "@workshop/testing/shop-database.ts";
import autocannon from "autocannon";
import { CONNECTIONS, cpuText, fmt, measure, verdict, withCpu } from "./load.ts";
import { seedCatalog, startApi, startFloor, startStorefront } from "./shop.ts";

const EXTRA_PRODUCTS = 20_000;
/** Every page among 20,000 products, cache on or off: at least half the floor, p99 at most 50 ms. */
const FLOOR_RATIO = 0.5;
const P99_MS = 50;
/** A kept product page against a bare node:http server sending the same bytes. */
const BARE_RATIO = 0.6;
/**
 * A cache miss costs no more than no cache: a random product with the cache on against the same with
 * it off (the two figures of one run differ by a few per cent with the machine's other work).
 */
const MISS_RATIO = 0.95;
/** The last pages of the list against its first ones, alike but for their depth (the same few per cent). */
const DEPTH_RATIO = 0.95;

type Row = { name: string; rps: number; p99: number; bad: number; cpu: string };
type Figures = {
  database: string;
  total: number;
  rows: Row[];
  bare: { kept: number; bare: number };
  depth: { first: number; deep: number };
};

/**
 * The storefront with 20,000 more products, on PGlite (the default) and on PostgreSQL: random product
 * pages, the list, random pages of it, random pages of a filtered and sorted list in Russian, each
 * with the page cache on and off (a random page among 20,000 is nearly always a miss, so these are
 * what rendering costs); the list's last pages against its first; a kept product page beside a bare
 * node:http server sending its very bytes; and the floor (a minimal React Router page) before and
 * after, whose mean the pages are held to.
 */
export async function catalogFigures(postgresServer: string, seconds: number) {
  const floor = await startFloor();
  const figures: Figures[] = [];
  try {
    const floorBefore = await measure({ url: `${floor.origin}/` }, CONNECTIONS, seconds);
    console.log(`\ncatalogue: ${CONNECTIONS} connections, ${seconds} s each`);
    console.log(`${"floor (minimal React Router page)".padEnd(62)} ${fmt(floorBefore)}`);
    figures.push(await onCatalog(PGLITE, seconds));
    const postgres = await scratchPostgresDatabase("shop_bench_catalog", postgresServer);
    if (postgres) {
      try {
        figures.push(await onCatalog({ DATABASE_URL: postgres.url, label: "PostgreSQL" }, seconds));
      } finally {
        await postgres.drop();
      }
    } else console.log(`\ncatalogue on PostgreSQL: skipped, no server at ${postgresServer} (set BENCH_POSTGRES_URL)`);
    const floorAfter = await measure({ url: `${floor.origin}/` }, CONNECTIONS, seconds);
    console.log(`\n${"floor again".padEnd(62)} ${fmt(floorAfter)}`);
    printTargets(figures, (floorBefore.rps + floorAfter.rps) / 2);
  } finally {
    await floor.process.stop();
  }
}

/** One database's figures: the API on it with 20,000 more products, a storefront with the page cache and one without. */
async function onCatalog(database: BenchDatabase, seconds: number): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-catalog-"));
  const stops: (() => Promise<void>)[] = [];
  try {
    // The API migrates and seeds the 24 hats, stops; the products are added; it starts again on them.
    await (await startApi(database, dataDir)).process.stop();
    const total = seedCatalog(database.DATABASE_URL ? { url: database.DATABASE_URL } : { pgliteDir: dataDir }, EXTRA_PRODUCTS);
    const api = await startApi(database, dataDir);
    stops.push(() => api.process.stop());
    const on = await startStorefront(api.origin);
    stops.push(() => on.process.stop());
    const off = await startStorefront(api.origin, { PAGE_CACHE_SECONDS: "0" });
    stops.push(() => off.process.stop());
    console.log(`\ncatalogue on ${database.label}, ${total.toLocaleString("en")} products`);

    const pages = async (query: string) =>
      ((await (await fetch(`${api.origin}/api/shop/products?${query}`)).json()) as { page: { totalPages: number } }).page.totalPages;
    const listPages = await pages("");
    const filtered = "size=56&availability=in&sort=price-high";
    const filteredPages = await pages(filtered);
    const anyOf = (count: number) => 1 + Math.floor(Math.random() * count);
    const targets: [string, (origin: string) => autocannon.Options][] = [
      ["GET /products/:id (random)", (origin) => randomly(origin, () => `/products/${anyOf(total)}`)],
      ["GET /products", (origin) => ({ url: `${origin}/products` })],
      [`GET /products?page=N (random of ${listPages})`, (origin) => randomly(origin, () => `/products?page=${anyOf(listPages)}`)],
      [
        `GET /ru/products?${filtered}&page=N (of ${filteredPages})`,
        (origin) => randomly(origin, () => `/ru/products?${filtered}&page=${anyOf(filteredPages)}`),
      ],
    ];
    const rows: Row[] = [];
    for (const [name, options] of targets) {
      for (const [cache, storefront] of [
        ["on", on],
        ["off", off],
      ] as const) {
        const target = options(storefront.origin);
        const pids = { SF: storefront.process.child.pid!, API: api.process.child.pid! };
        const before = apiConnections(storefront.process.child.pid!, api.origin);
        const row = await measured(`${name}, cache ${cache}`, target, pids, seconds);
        rows.push(row);
        const after = apiConnections(storefront.process.child.pid!, api.origin);
        const opened = [...after].filter((port) => !before.has(port)).length;
        console.log(`${line(row)}   API connections ${after.size} (${opened} new)`);
      }
    }
    // Deep pages against the first ones, measured alike (100 pages each, cache off): no scan of the rows before them.
    const first = await measured(
      "GET /products?page=N (one of the first 100), cache off",
      randomly(off.origin, () => `/products?page=${anyOf(100)}`),
      { SF: off.process.child.pid!, API: api.process.child.pid! },
      seconds,
    );
    console.log(line(first));
    const deep = await measured(
      `GET /products?page=N (one of the last 100), cache off`,
      randomly(off.origin, () => `/products?page=${listPages - 100 + anyOf(100)}`),
      { SF: off.process.child.pid!, API: api.process.child.pid! },
      seconds,
    );
    console.log(line(deep));
    const bare = await keptAgainstBare(on.origin, `/products/${anyOf(total)}`, on.process.child.pid!, seconds);
    return { database: database.label, total, rows, bare, depth: { first: first.rps, deep: deep.rps } };
  } finally {
    for (const stop of stops.reverse()) await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Requests for `path()`, a new one each time (a random product, a random page). */
function randomly(origin: string, path: () => string): autocannon.Options {
  return { url: `${origin}${path()}`, requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }] };
}

async function measured(name: string, options: autocannon.Options, pids: Record<string, number>, seconds: number): Promise<Row> {
  const check = await fetch(options.url);
  await check.arrayBuffer();
  if (check.status !== 200) throw new Error(`${options.url} answered ${check.status}`);
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 });
  const { result: r, cpuMsPerRequest } = await withCpu(
    pids,
    () => autocannon({ ...options, connections: CONNECTIONS, duration: seconds }),
    (result) => result.requests.total,
  );
  return { name, rps: r.requests.average, p99: r.latency.p99, bad: r.errors + r.non2xx, cpu: cpuText(cpuMsPerRequest) };
}

const line = (row: Row) =>
  `${row.name.padEnd(62)} ${row.rps.toFixed(0).padStart(6)} req/s   p99 ${String(row.p99).padStart(4)} ms${row.bad ? `   (${row.bad} errors or non-2xx)` : ""}   CPU ${row.cpu}`;

/**
 * A kept product page (asked for twice, then served from the page cache) beside the physical limit:
 * a bare node:http server in its own process sending the same headers and bytes (bench/serve-bytes.ts).
 */
async function keptAgainstBare(origin: string, page: string, pid: number, seconds: number): Promise<{ kept: number; bare: number }> {
  // Kept the second time it is rendered; the third answer comes from the cache.
  for (let i = 0; i < 2; i++) await (await fetch(origin + page)).arrayBuffer();
  const response = await fetch(origin + page, { headers: { "accept-encoding": "identity" } });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.headers.get("content-security-policy")?.includes("'sha256-")) throw new Error(`${page} was not served from the page cache`);
  const folder = mkdtempSync(path.join(tmpdir(), "shop-bench-bytes-"));
  const file = path.join(folder, "answer.json");
  writeFileSync(file, JSON.stringify({ headers: Object.fromEntries(response.headers), body: body.toString("base64") }));
  const [port] = await freePorts(1);
  const bytes = await startNodeProcess(path.join(import.meta.dirname, "serve-bytes.ts"), {
    name: "Bytes",
    env: { NODE_ENV: "production" },
    args: [String(port), file],
    ready: "Bytes running at",
    keepLog: false,
  });
  try {
    const kept = await measured(`GET ${page} from the page cache`, { url: origin + page }, { SF: pid }, seconds);
    console.log(line(kept));
    const bare = await measured(
      `the same ${body.length.toLocaleString("en")} bytes from bare node:http`,
      { url: `http://127.0.0.1:${port}${page}` },
      { bare: bytes.child.pid! },
      seconds,
    );
    console.log(line(bare));
    return { kept: kept.rps, bare: bare.rps };
  } finally {
    await bytes.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The storefront's open connections to the API, by local address (Linux's /proc: the process's
 * sockets, and the machine's TCP table): kept alive, they stay the same from one run to the next.
 */
function apiConnections(pid: number, apiOrigin: string): Set<string> {
  const sockets = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    const link = (() => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return "";
      }
    })();
    const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
    if (inode) sockets.add(inode);
  }
  const apiPort = Number(new URL(apiOrigin).port).toString(16).toUpperCase().padStart(4, "0");
  const locals = new Set<string>();
  for (const row of readFileSync(`/proc/${pid}/net/tcp`, "utf8").split("\n").slice(1)) {
    const fields = row.trim().split(/\s+/);
    // State 01 is ESTABLISHED; the tenth field is the socket's inode.
    if (fields[2]?.endsWith(`:${apiPort}`) && fields[3] === "01" && sockets.has(fields[9]!)) locals.add(fields[1]!);
  }
  return locals;
}

function printTargets(figures: Figures[], floorRps: number) {
  console.log(
    `\ntargets: pages >= ${FLOOR_RATIO}x the floor's mean ${floorRps.toFixed(0)} req/s and p99 <= ${P99_MS} ms at ${CONNECTIONS} connections; a miss >= ${MISS_RATIO}x no cache; deep pages >= ${DEPTH_RATIO}x the first; a kept page >= ${BARE_RATIO}x bare node:http`,
  );
  for (const { database, total, rows, bare, depth } of figures) {
    const products = `${total.toLocaleString("en")} products, ${database}`;
    for (const row of rows) {
      const ratio = row.rps / floorRps;
      const met = ratio >= FLOOR_RATIO && row.p99 <= P99_MS && row.bad === 0;
      const target = `${row.name}, ${products}: >= ${FLOOR_RATIO}x the floor (${ratio.toFixed(2)}x), p99 <= ${P99_MS} ms (${row.p99} ms)`;
      console.log(
        `  ${`${row.name} (${database})`.padEnd(76)} ratio ${ratio.toFixed(2)}   p99 ${String(row.p99).padStart(4)} ms   ${verdict(target, met)}`,
      );
    }
    const on = rows.find((r) => r.name === "GET /products/:id (random), cache on")!;
    const off = rows.find((r) => r.name === "GET /products/:id (random), cache off")!;
    const miss = on.rps / off.rps;
    console.log(
      `  ${`a random product, cache on / off (${database})`.padEnd(76)} ratio ${miss.toFixed(2)}   ${verdict(`a random product with the cache on, ${products}: >= ${MISS_RATIO}x with it off (${miss.toFixed(2)}x)`, miss >= MISS_RATIO)}`,
    );
    const deep = depth.deep / depth.first;
    console.log(
      `  ${`the last 100 pages / the first 100, cache off (${database})`.padEnd(76)} ratio ${deep.toFixed(2)}   ${verdict(`the list's last pages, ${products}: >= ${DEPTH_RATIO}x its first ones (${deep.toFixed(2)}x)`, deep >= DEPTH_RATIO)}`,
    );
    const limit = bare.kept / bare.bare;
    console.log(
      `  ${`a kept product page / bare node:http (${database})`.padEnd(76)} ratio ${limit.toFixed(2)}   ${verdict(`a kept product page, ${products}: >= ${BARE_RATIO}x bare node:http sending its bytes (${limit.toFixed(2)}x)`, limit >= BARE_RATIO)}`,
    );
  }
}
