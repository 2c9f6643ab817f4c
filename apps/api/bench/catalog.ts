import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { seedProductsSql } from "./catalog-seed.ts";

const EXTRA_PRODUCTS = 20_000;
const CONNECTIONS = 16;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 100;

type Start = (command: string[], env: NodeJS.ProcessEnv, ready: string) => Promise<ChildProcess>;

/**
 * The storefront with 20,000 more products on PostgreSQL: the list, a deep page of it, a page of
 * the JSON API, the sitemap and a random product page, against the floor measured in the same run
 * (at least half its requests per second, p99 <= 100 ms). Each with the page cache on, and once
 * more with it off, so the figure is what rendering costs, not what a copy costs.
 */
export async function catalogFigures(
  start: Start,
  postgresServer: string,
  ports: [number, number, number],
  seconds: number,
  floorRps: number,
) {
  const name = `shop_bench_catalog_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${postgresServer}/postgres` });
  try {
    await admin.connect();
  } catch {
    console.log(`\ncatalogue on PostgreSQL: skipped, no server at ${postgresServer} (set BENCH_POSTGRES_URL)`);
    return;
  }
  await admin.query(`create database ${name}`);
  const dirs = [mkdtempSync(path.join(tmpdir(), "shop-bench-catalog-")), mkdtempSync(path.join(tmpdir(), "shop-bench-catalog-"))];
  const url = `${postgresServer}/${name}`;
  const env = (i: number, pageCache: string) => ({
    NODE_ENV: "production",
    PORT: String(ports[i]),
    HOST: "127.0.0.1",
    DATA_DIR: dirs[i],
    DATABASE_URL: url,
    PAGE_CACHE_SECONDS: pageCache,
  });
  // The first shop migrates and seeds the 24 hats (and their photos); the second joins it.
  const cached = await start(["src/main.ts"], env(0, "5"), "Shop running at");
  const shops = [cached];
  try {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query(seedProductsSql(EXTRA_PRODUCTS));
    await db.query("vacuum analyze");
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from products");
    await db.end();
    shops.push(await start(["src/main.ts"], env(1, "0"), "Shop running at"));
    const total = rows[0]!.n;

    const random = (origin: string): autocannon.Options => ({
      url: `${origin}/products/1`,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/products/${1 + Math.floor(Math.random() * total)}` }) }],
    });
    const paths = ["/products", "/products?page=500", "/api/products?page=100", "/sitemap.xml"];
    console.log(
      `\ncatalogue on PostgreSQL, ${total.toLocaleString("en")} products: ${CONNECTIONS} connections, ${seconds} s each (target >= ${TARGET_RATIO} of the floor's ${floorRps.toFixed(0)} req/s, p99 <= ${TARGET_P99_MS} ms)\n`,
    );
    for (const [label, port] of [
      ["page cache on", ports[0]],
      ["page cache off", ports[1]],
    ] as const) {
      const origin = `http://127.0.0.1:${port}`;
      const targets: [string, autocannon.Options][] = [
        ...paths.map((p): [string, autocannon.Options] => [`GET ${p}`, { url: origin + p }]),
        ["GET /products/:id (random)", random(origin)],
      ];
      for (const [name, options] of targets) {
        const check = await fetch(options.url);
        if (check.status !== 200) throw new Error(`${options.url} answered ${check.status}`);
        await autocannon({ ...options, connections: CONNECTIONS, duration: 2 });
        const r = await autocannon({ ...options, connections: CONNECTIONS, duration: seconds });
        const ratio = r.requests.average / floorRps;
        const bad = r.errors + r.non2xx;
        const met = ratio >= TARGET_RATIO && r.latency.p99 <= TARGET_P99_MS && !bad;
        console.log(
          `${`${name}, ${label}`.padEnd(46)} ${r.requests.average.toFixed(0).padStart(6)} req/s  ratio ${ratio.toFixed(2)}   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms${bad ? `   (${bad} errors or non-2xx)` : ""}   ${met ? "met" : "NOT met"}`,
        );
      }
    }
    shops.push(await start(["bench/serve-bare-product.ts", String(ports[2]), url], {}, "Bare product route running at"));
    await apiProductPair([`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[2]}`], total, seconds);
  } finally {
    for (const shop of shops) {
      shop.kill("SIGTERM");
      await new Promise((r) => shop.once("exit", r));
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The API's GET /api/products/<id> (a random one of the catalogue) against a bare Fastify route
 * reading the same row on the same database, in the same run: what the shop's server adds to a
 * JSON read (its hooks, the product's shaping, the read cache).
 */
async function apiProductPair([shop, bare]: [string, string], total: number, seconds: number) {
  const figures = [];
  for (const origin of [bare, shop]) {
    const options: autocannon.Options = {
      url: `${origin}/api/products/1`,
      connections: CONNECTIONS,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/api/products/${1 + Math.floor(Math.random() * total)}` }) }],
    };
    const check = await fetch(options.url);
    if (check.status !== 200) throw new Error(`${options.url} answered ${check.status}`);
    await autocannon({ ...options, duration: 2 });
    figures.push(await autocannon({ ...options, duration: seconds }));
  }
  const [floor, ours] = figures as [autocannon.Result, autocannon.Result];
  console.log(`\nGET /api/products/:id (random) on PostgreSQL, ${CONNECTIONS} connections, ${seconds} s each:`);
  for (const [label, r] of [
    ["bare Fastify route, one row", floor],
    ["the shop's API", ours],
  ] as const) {
    const bad = r.errors + r.non2xx;
    console.log(
      `  ${label.padEnd(30)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms${bad ? `   (${bad} errors or non-2xx)` : ""}`,
    );
  }
  console.log(`  ratio ours/bare (req/s) ${(ours.requests.average / floor.requests.average).toFixed(2)}`);
}
