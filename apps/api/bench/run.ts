import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { aiFigures } from "./ai.ts";
import { catalogFigures } from "./catalog.ts";
import { decodeFigures } from "./decode.ts";
import { idleMemoryFigures } from "./idle-memory.ts";
import { ordersListFigures } from "./orders-list.ts";
import { BENCH_CALLBACK_TOKEN, BENCH_STAFF_TOKEN, paymentFigures } from "./payments.ts";

/**
 * npm run bench: the shop's production build under load next to the framework's floor (a minimal
 * React Router page on the same HTTP stack), measured in the same run on the same machine.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SHOP_PORT = 3191;
const FLOOR_PORT = 3192;
const UNCACHED_PORT = 3193;
const POSTGRES_PORT = 3194;
const ORDERS_PORT = 3195;
const CATALOG_PORTS: [number, number, number] = [3196, 3197, 3190];
const AI_PORT = 3198;
const DECODE_PORT = 3199;
const MEMORY_PORT = 3189;
const CHECKOUT_CONNECTIONS = 16;
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
/** BENCH_ONLY=checkout: only the checkout steps, on PGlite and on PostgreSQL. */
const CHECKOUT_ONLY = process.env.BENCH_ONLY === "checkout";
/** BENCH_ONLY=orders: only the staff's orders list, on PostgreSQL with 10,000 orders. */
const ORDERS_ONLY = process.env.BENCH_ONLY === "orders";
/** BENCH_ONLY=catalog: only the floor and the storefront on PostgreSQL with 20,000 more products. */
const CATALOG_ONLY = process.env.BENCH_ONLY === "catalog";
/** BENCH_ONLY=ai: only the local AI engine (cut-out quality, speed, memory, the shop's p99 during a job). */
const AI_ONLY = process.env.BENCH_ONLY === "ai";
/** BENCH_ONLY=decode: only a flood of large reference photos (time, the shop's peak memory, the product page meanwhile). */
const DECODE_ONLY = process.env.BENCH_ONLY === "decode";
/** BENCH_ONLY=memory: only the shop process's resident memory at rest after its pages were asked for. */
const MEMORY_ONLY = process.env.BENCH_ONLY === "memory";

/** The bench is one client sending thousands of orders and payments: the shop's rate limits must not count it. */
const BENCH_RATE_LIMITS = {
  RATE_LIMIT_ORDERS: "100000000/60",
  RATE_LIMIT_PAYMENTS: "100000000/60",
  RATE_LIMIT_CONTACT: "100000000/60",
  RATE_LIMIT_CUSTOM_ORDERS: "100000000/60",
  RATE_LIMIT_WRITES: "100000000/60",
  RATE_LIMIT_REFERENCE_PHOTOS: "100000000/60",
};

/** The storefront's production build, which the shop process serves (see src/paths.ts). */
/** The storefront's folder: its pages and the floor's are served by its HTTP stack (a process, never an import). */
const storefrontRoot = path.resolve(import.meta.dirname, "../../storefront");
const floorRoot = path.join(storefrontRoot, "bench/floor");
const serveFloor = path.join(storefrontRoot, "bench/serve-floor.ts");

function buildStorefront() {
  execFileSync("npx", ["react-router", "build", storefrontRoot], { stdio: "ignore" });
}

function start(command: string[], env: NodeJS.ProcessEnv, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, {
    env: { ...process.env, ...BENCH_RATE_LIMITS, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        // From here on its output (a log line per request) is read and dropped, not kept.
        child.stdout?.off("data", onData).resume();
        child.stderr?.off("data", onData).resume();
        resolve(child);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
}

type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number };
type Request = { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

async function load(url: string, request: Request = {}, connections = CONNECTIONS): Promise<Figures> {
  const r = await autocannon({ url, connections, duration: SECONDS, ...request });
  // A redirect is the expected answer of a form post: count 3xx with the successes.
  const bad = r.non2xx - (r["3xx"] ?? 0);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: bad };
}

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

/** Two seconds of the same load first, so the figures are those of a warmed-up process (JIT, caches). */
async function warm(url: string, request: Request = {}, connections = CONNECTIONS) {
  await autocannon({ url, connections, duration: 2, ...request });
}

const fmt = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms${f.errors + f.non2xx ? `   (${f.errors} errors, ${f.non2xx} non-2xx)` : ""}`;

const address = {
  fullName: "Bench Customer",
  email: "bench@example.com",
  phone: "+1 212 555 0100",
  addressLine1: "350 Fifth Avenue",
  city: "New York",
  state: "New York",
  postalCode: "10118",
  country: "United States",
};

/** A browser that has chosen a hat, an address and DHL: its checkout cookie. */
async function preparedCheckout(origin: string): Promise<string> {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual" as const,
  });
  const product = (await (await fetch(`${origin}/api/products/1`)).json()) as { sizes: { sizeInCm: number }[] };
  const ordered = await fetch(`${origin}/products/1`, form({ size: String(product.sizes[0]!.sizeInCm) }));
  const cookie = ordered.headers.get("set-cookie")!.split(";")[0]!;
  const withCookie = (init: ReturnType<typeof form>) => ({ ...init, headers: { ...init.headers, Cookie: cookie } });
  await fetch(`${origin}/checkout/shipping`, withCookie(form(address)));
  await fetch(`${origin}/checkout/shipping-options`, withCookie(form({ deliveryOption: "DHL" })));
  return cookie;
}

/** The checkout steps and order creation under 16 connections. */
async function checkoutFigures(origin: string, label: string) {
  const cookie = await preparedCheckout(origin);
  const product = (await (await fetch(`${origin}/api/products/1`)).json()) as { id: number; price: number; sizes: { sizeInCm: number }[] };
  const order = {
    productId: product.id,
    selectedSize: product.sizes[0]!.sizeInCm,
    price: product.price,
    shippingAddress: address,
    shipping: { method: "DHL", cost: 30 },
    total: product.price + 30,
    paymentMethod: "BCA",
  };
  const targets: [string, string, Request][] = [
    ["GET /checkout/shipping-options", "/checkout/shipping-options", { headers: { Cookie: cookie } }],
    ["GET /checkout/payment", "/checkout/payment", { headers: { Cookie: cookie } }],
    [
      "POST /checkout/shipping (address)",
      "/checkout/shipping",
      {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(address).toString(),
      },
    ],
    ["POST /api/orders", "/api/orders", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(order) }],
  ];
  console.log(`\ncheckout on ${label}: ${CHECKOUT_CONNECTIONS} connections, ${SECONDS} s each (target p99 <= 50 ms)\n`);
  for (const [name, path, request] of targets) {
    await warm(origin + path, request, CHECKOUT_CONNECTIONS);
    const f = await load(origin + path, request, CHECKOUT_CONNECTIONS);
    console.log(`${name.padEnd(36)} ${fmt(f)}   ${f.p99 <= 50 ? "met" : "NOT met"}`);
  }
}

async function main() {
  if (CHECKOUT_ONLY) return checkoutOnly();
  if (ORDERS_ONLY) return ordersOnly();
  if (CATALOG_ONLY) return catalogOnly();
  if (AI_ONLY) return aiOnly();
  if (DECODE_ONLY) return decodeOnly();
  if (MEMORY_ONLY) return memoryOnly();
  console.log("Building the shop and the floor...");
  buildStorefront();
  execFileSync("npx", ["react-router", "build", floorRoot], { stdio: "ignore" });

  // Each shop gets its own folder: PGlite must never open one database twice.
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
  const uncachedDataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
  const shop = await start(
    ["src/main.ts"],
    {
      NODE_ENV: "production",
      PORT: String(SHOP_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      XENDIT_CALLBACK_TOKEN: BENCH_CALLBACK_TOKEN,
      ADMIN_API_TOKEN: BENCH_STAFF_TOKEN,
    },
    "Shop running at",
  );
  const floor = await start([serveFloor, String(FLOOR_PORT)], { NODE_ENV: "production" }, "Floor running at");
  // The same shop with the page cache off: what rendering a page costs every time.
  const uncached = await start(
    ["src/main.ts"],
    {
      NODE_ENV: "production",
      PORT: String(UNCACHED_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: uncachedDataDir,
      DATABASE_URL: "",
      PAGE_CACHE_SECONDS: "0",
    },
    "Shop running at",
  );
  try {
    const shopUrl = `http://127.0.0.1:${SHOP_PORT}`;
    const floorUrl = `http://127.0.0.1:${FLOOR_PORT}/`;
    const targets = [
      ["floor (minimal React Router page)", floorUrl],
      ["GET /products", `${shopUrl}/products`],
      ["GET /products/:id", `${shopUrl}/products/1`],
      ["GET /api/products", `${shopUrl}/api/products`],
      ["GET /products (page cache off)", `http://127.0.0.1:${UNCACHED_PORT}/products`],
      ["GET /products/:id (page cache off)", `http://127.0.0.1:${UNCACHED_PORT}/products/1`],
    ] as const;
    for (const [, url] of targets) await warm(url);

    console.log(`\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s each\n`);
    const results = new Map<string, Figures>();
    for (const [name, url] of targets) {
      const f = await load(url);
      results.set(name, f);
      console.log(`${name.padEnd(36)} ${fmt(f)}`);
    }
    const floorFigures = results.get(targets[0][0])!;
    console.log("\nratio ours/floor (req/s):");
    for (const [name] of targets.slice(1)) {
      const f = results.get(name)!;
      console.log(`  ${name.padEnd(34)} ${(f.rps / floorFigures.rps).toFixed(2)}   p99 ${f.p99} ms`);
    }
    const productPage = results.get("GET /products/:id")!;
    const ours = await javascriptBytes(shopUrl, "/products/1");
    const base = await javascriptBytes(`http://127.0.0.1:${FLOOR_PORT}`, "/");
    console.log("\nJavaScript loaded (gzip):");
    console.log(`  floor           ${base.gzip} B in ${base.files} files`);
    console.log(`  product page    ${ours.gzip} B in ${ours.files} files   ratio ${(ours.gzip / base.gzip).toFixed(2)}`);
    console.log("\nTargets: product page >= 0.6 of the floor's req/s with p99 <= 50 ms; JavaScript <= 1.2x the floor's");
    const rpsOk = productPage.rps / floorFigures.rps >= 0.6;
    console.log(
      `  req/s ratio ${rpsOk ? "met" : "NOT met"}, p99 ${productPage.p99 <= 50 ? "met" : "NOT met"}, JavaScript ${ours.gzip / base.gzip <= 1.2 ? "met" : "NOT met"}`,
    );

    uncached.kill("SIGTERM");
    floor.kill("SIGTERM");
    await checkoutFigures(shopUrl, "PGlite");
    await paymentFigures(shopUrl, "PGlite", SECONDS);
    // Stopped before the PostgreSQL figures: delivering the mails of the orders just placed would
    // keep it busy in the background, on the same CPUs.
    shop.kill("SIGTERM");
    await new Promise((r) => shop.once("exit", r));
    await postgresCheckout();
    await ordersListFigures(start, POSTGRES_SERVER, ORDERS_PORT, SECONDS, BENCH_STAFF_TOKEN);
    await catalogFigures(start, POSTGRES_SERVER, CATALOG_PORTS, SECONDS, floorFigures.rps);
    await aiFigures(start, AI_PORT, SECONDS);
    await decodeFigures(start, DECODE_PORT, SECONDS);
    await idleMemoryFigures(start, POSTGRES_SERVER, MEMORY_PORT);
  } finally {
    shop.kill("SIGTERM");
    floor.kill("SIGTERM");
    uncached.kill("SIGTERM");
    for (const dir of [dataDir, uncachedDataDir]) rmSync(dir, { recursive: true, force: true });
  }
}

async function checkoutOnly() {
  console.log("Building the shop...");
  buildStorefront();
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
  const env = { NODE_ENV: "production", PORT: String(SHOP_PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "" };
  const shop = await start(["src/main.ts"], env, "Shop running at");
  try {
    await checkoutFigures(`http://127.0.0.1:${SHOP_PORT}`, "PGlite");
  } finally {
    shop.kill("SIGTERM");
    await new Promise((r) => shop.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  await postgresCheckout();
}

async function ordersOnly() {
  console.log("Building the shop...");
  buildStorefront();
  await ordersListFigures(start, POSTGRES_SERVER, ORDERS_PORT, SECONDS, BENCH_STAFF_TOKEN);
}

async function catalogOnly() {
  console.log("Building the shop and the floor...");
  buildStorefront();
  execFileSync("npx", ["react-router", "build", floorRoot], { stdio: "ignore" });
  const floor = await start([serveFloor, String(FLOOR_PORT)], { NODE_ENV: "production" }, "Floor running at");
  let floorRps: number;
  try {
    const floorUrl = `http://127.0.0.1:${FLOOR_PORT}/`;
    await warm(floorUrl, {}, 16);
    const f = await load(floorUrl, {}, 16);
    console.log(`
floor (minimal React Router page), 16 connections: ${fmt(f)}`);
    floorRps = f.rps;
  } finally {
    floor.kill("SIGTERM");
  }
  await catalogFigures(start, POSTGRES_SERVER, CATALOG_PORTS, SECONDS, floorRps);
}

async function aiOnly() {
  console.log("Building the shop...");
  buildStorefront();
  await aiFigures(start, AI_PORT, SECONDS);
}

async function memoryOnly() {
  console.log("Building the shop...");
  buildStorefront();
  await idleMemoryFigures(start, POSTGRES_SERVER, MEMORY_PORT);
}

async function decodeOnly() {
  console.log("Building the shop...");
  buildStorefront();
  await decodeFigures(start, DECODE_PORT, SECONDS);
}

/** The same checkout figures with the shop on a fresh database of the PostgreSQL server, if there is one. */
async function postgresCheckout() {
  const name = `shop_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
  try {
    await admin.connect();
  } catch {
    console.log(`\ncheckout on PostgreSQL: skipped, no server at ${POSTGRES_SERVER} (set BENCH_POSTGRES_URL)`);
    return;
  }
  await admin.query(`create database ${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-pg-"));
  const env = {
    NODE_ENV: "production",
    PORT: String(POSTGRES_PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: `${POSTGRES_SERVER}/${name}`,
    XENDIT_CALLBACK_TOKEN: BENCH_CALLBACK_TOKEN,
    ADMIN_API_TOKEN: BENCH_STAFF_TOKEN,
  };
  const shop = await start(["src/main.ts"], env, "Shop running at");
  try {
    await checkoutFigures(`http://127.0.0.1:${POSTGRES_PORT}`, "PostgreSQL");
    if (!CHECKOUT_ONLY) await paymentFigures(`http://127.0.0.1:${POSTGRES_PORT}`, "PostgreSQL", SECONDS);
  } finally {
    shop.kill("SIGTERM");
    await new Promise((r) => shop.once("exit", r));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
