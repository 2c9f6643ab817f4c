import path from "node:path";
import { onPostgres } from "@workshop/testing/bench-databases.ts";
import { freePorts, startNodeProcess } from "@workshop/testing/processes.ts";
import autocannon from "autocannon";
import { startApi } from "./api.ts";
import { seedCatalog } from "./catalog-seed.ts";

const EXTRA_PRODUCTS = 20_000;
const CONNECTIONS = 16;
const TARGET_RATIO = 0.5;
const serveBareProduct = path.join(import.meta.dirname, "serve-bare-product.ts");

/**
 * The API's GET /api/products/<id> (a random one of a catalogue of 20,000 more products on
 * PostgreSQL) against a bare Fastify route reading the same row on the same database, in the same
 * run: what the API's server adds to a JSON read (its hooks, the product's shaping, the read
 * cache). Target: at least half the bare route's requests per second.
 */
export async function apiProductFigures(seconds: number) {
  await onPostgres("api_bench", "GET /api/products/:id", async (database) => {
    // The API migrates the database and seeds the 24 hats; then the 20,000.
    const api = await startApi(database);
    try {
      const total = await seedCatalog(database.DATABASE_URL, EXTRA_PRODUCTS);
      const [port] = await freePorts(1);
      const bare = await startNodeProcess(serveBareProduct, {
        name: "Bare product route",
        args: [String(port), database.DATABASE_URL],
        env: {},
        ready: "Bare product route running at",
        keepLog: false,
      });
      try {
        await compare([api.origin, `http://127.0.0.1:${port}`], total, seconds);
      } finally {
        await bare.stop();
      }
    } finally {
      await api.stop();
    }
  });
}

async function compare([shop, bare]: [string, string], total: number, seconds: number) {
  const figures = [];
  for (const origin of [bare, shop]) {
    const options: autocannon.Options = {
      url: `${origin}/api/products/1`,
      connections: CONNECTIONS,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/api/products/${1 + Math.floor(Math.random() * total)}` }) }],
    };
    const check = await fetch(options.url);
    await check.arrayBuffer();
    if (check.status !== 200) throw new Error(`${options.url} answered ${check.status}`);
    await autocannon({ ...options, duration: 2 });
    figures.push(await autocannon({ ...options, duration: seconds }));
  }
  const [floor, ours] = figures as [autocannon.Result, autocannon.Result];
  console.log(
    `\nGET /api/products/:id (random) on PostgreSQL, ${total.toLocaleString("en")} products, ${CONNECTIONS} connections, ${seconds} s each:`,
  );
  for (const [label, r] of [
    ["bare Fastify route, one row", floor],
    ["the API", ours],
  ] as const) {
    const bad = r.errors + r.non2xx;
    console.log(
      `  ${label.padEnd(30)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms${bad ? `   (${bad} errors or non-2xx)` : ""}`,
    );
  }
  const ratio = ours.requests.average / floor.requests.average;
  const met = ratio >= TARGET_RATIO && ours.errors + ours.non2xx === 0;
  console.log(`  ratio API/bare (req/s) ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}) ${met ? "met" : "NOT met"}`);
}
