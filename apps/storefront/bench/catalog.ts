import { scratchPostgresDatabase } from "@workshop/testing/shop-database.ts";
import autocannon from "autocannon";
import { cpuText, fmt, measure, verdict, withCpu } from "./load.ts";
import { type Shop, seedCatalog, startFloor, startShop } from "./shop.ts";

const EXTRA_PRODUCTS = 20_000;
const CONNECTIONS = 16;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 100;

type Row = { name: string; r: autocannon.Result; cpu: string };

/**
 * The storefront with 20,000 more products on PostgreSQL: the list, a deep page of it, a page of
 * the JSON API (forwarded to the API), the sitemap and a random product page, against the floor
 * measured in the same run, before and after them (at least half the mean of its requests per
 * second, p99 <= 100 ms). Each with the page cache on, and once more with it off, so the figure is
 * what rendering costs, not what a copy costs. Two shops (API and storefront each) on the one
 * database: the first migrates it and seeds the 24 hats, the API's bench script adds the 20,000,
 * the second joins it.
 */
export async function catalogFigures(postgresServer: string, seconds: number) {
  const database = await scratchPostgresDatabase("shop_bench_catalog", postgresServer);
  if (!database) {
    console.log(`\ncatalogue on PostgreSQL: skipped, no server at ${postgresServer} (set BENCH_POSTGRES_URL)`);
    return;
  }
  const floor = await startFloor();
  const shops: Shop[] = [];
  try {
    const db = { DATABASE_URL: database.url, label: "PostgreSQL" };
    shops.push(await startShop(db));
    const total = seedCatalog(database.url, EXTRA_PRODUCTS);
    shops.push(await startShop(db, { storefront: { PAGE_CACHE_SECONDS: "0" } }));

    console.log(`\ncatalogue on PostgreSQL, ${total.toLocaleString("en")} products: ${CONNECTIONS} connections, ${seconds} s each\n`);
    const floorBefore = await measure({ url: `${floor.origin}/` }, CONNECTIONS, seconds);
    console.log(`${"floor (minimal React Router page)".padEnd(46)} ${fmt(floorBefore)}`);

    const random = (origin: string): autocannon.Options => ({
      url: `${origin}/products/1`,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/products/${1 + Math.floor(Math.random() * total)}` }) }],
    });
    const paths = ["/products", "/products?page=500", "/api/products?page=100", "/sitemap.xml"];
    const rows: Row[] = [];
    for (const [label, { origin, storefront, api }] of [
      ["page cache on", shops[0]!],
      ["page cache off", shops[1]!],
    ] as const) {
      const pids = { SF: storefront.child.pid!, API: api.child.pid! };
      const targets: [string, autocannon.Options][] = [
        ...paths.map((p): [string, autocannon.Options] => [`GET ${p}`, { url: origin + p }]),
        ["GET /products/:id (random)", random(origin)],
      ];
      for (const [name, options] of targets) {
        const check = await fetch(options.url);
        await check.arrayBuffer();
        if (check.status !== 200) throw new Error(`${options.url} answered ${check.status}`);
        await autocannon({ ...options, connections: CONNECTIONS, duration: 2 });
        const { result: r, cpuMsPerRequest } = await withCpu(
          pids,
          () => autocannon({ ...options, connections: CONNECTIONS, duration: seconds }),
          (result) => result.requests.total,
        );
        const bad = r.errors + r.non2xx;
        const row = { name: `${name}, ${label}`, r, cpu: cpuText(cpuMsPerRequest) };
        rows.push(row);
        console.log(
          `${row.name.padEnd(46)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms${bad ? `   (${bad} errors or non-2xx)` : ""}   CPU ${row.cpu}`,
        );
      }
    }
    const floorAfter = await measure({ url: `${floor.origin}/` }, CONNECTIONS, seconds);
    console.log(`${"floor again".padEnd(46)} ${fmt(floorAfter)}`);

    // The machine's other work comes and goes: the pages are held to the mean of the two floors.
    const floorRps = (floorBefore.rps + floorAfter.rps) / 2;
    console.log(
      `\ntargets: >= ${TARGET_RATIO}x the floor's mean ${floorRps.toFixed(0)} req/s, p99 <= ${TARGET_P99_MS} ms at ${CONNECTIONS} connections`,
    );
    for (const { name, r } of rows) {
      const ratio = r.requests.average / floorRps;
      const met = ratio >= TARGET_RATIO && r.latency.p99 <= TARGET_P99_MS && r.errors + r.non2xx === 0;
      const target = `${name}, ${total.toLocaleString("en")} products: >= ${TARGET_RATIO}x the floor (${ratio.toFixed(2)}x), p99 <= ${TARGET_P99_MS} ms (${r.latency.p99} ms)`;
      console.log(`  ${name.padEnd(44)} ratio ${ratio.toFixed(2)}   p99 ${String(r.latency.p99).padStart(4)} ms   ${verdict(target, met)}`);
    }
  } finally {
    for (const shop of shops.reverse()) await shop.stop();
    await floor.process.stop();
    await database.drop();
  }
}
