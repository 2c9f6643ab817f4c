import { scratchPostgresDatabase } from "@workshop/testing/shop-database.ts";
import { apiHopFigures } from "./api-hop.ts";
import { catalogFigures } from "./catalog.ts";
import { checkoutPageFigures } from "./checkout-pages.ts";
import { idleMemoryFigures } from "./idle-memory.ts";
import { printVerdicts, SECONDS } from "./load.ts";
import { pageFigures } from "./pages.ts";
import { buildFloor, buildShop, type Database, PGLITE } from "./shop.ts";

/**
 * npm run bench (in apps/storefront, and from the top folder after the console's and the API's):
 * the shop as customers meet it, through the storefront and the API it calls, each its own process
 * started from its file as `npm start` starts it; the pages against the framework's floor (a
 * minimal React Router page on the storefront's own HTTP stack), measured in the same run on the
 * same machine. BENCH_ONLY picks one part: pages, checkout, catalog or memory (orders, ai and decode
 * are the API's alone: nothing here).
 */
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
const SELECTIONS = ["pages", "checkout", "catalog", "memory", "orders", "ai", "decode"] as const;
type Selection = (typeof SELECTIONS)[number];
const only = process.env.BENCH_ONLY as Selection | undefined;
const runs = (selection: Selection) => !only || only === selection;

async function main() {
  if (only && !SELECTIONS.includes(only)) throw new Error(`BENCH_ONLY=${only}: none such (${SELECTIONS.join(", ")})`);
  if (!runs("pages") && !runs("checkout") && !runs("catalog") && !runs("memory")) return;
  console.log(`\n== the storefront's bench (apps/storefront/bench): pages through the storefront and its API`);
  console.log("Building the storefront (and the console) and the floor...");
  buildShop({ withConsole: runs("memory") });
  buildFloor();
  if (runs("pages")) {
    await pageFigures();
    await apiHopFigures();
  }
  if (runs("checkout")) {
    await checkoutPageFigures(PGLITE);
    await onPostgres("checkout pages", checkoutPageFigures);
  }
  if (runs("catalog")) await catalogFigures(POSTGRES_SERVER, SECONDS);
  if (runs("memory")) await idleMemoryFigures(POSTGRES_SERVER);
  printVerdicts();
}

/** `run` with the shop on a fresh database of the PostgreSQL server, dropped after; skipped without a server. */
async function onPostgres(what: string, run: (database: Database) => Promise<void>) {
  const database = await scratchPostgresDatabase("shop_bench", POSTGRES_SERVER);
  if (!database) {
    console.log(`\n${what} on PostgreSQL: skipped, no server at ${POSTGRES_SERVER} (set BENCH_POSTGRES_URL)`);
    return;
  }
  try {
    await run({ DATABASE_URL: database.url, label: "PostgreSQL" });
  } finally {
    await database.drop();
  }
}

await main();
