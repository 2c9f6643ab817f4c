import { benchPostgresServer, onPostgres, PGLITE } from "@workshop/testing/bench-databases.ts";
import { apiHopFigures } from "./api-hop.ts";
import { catalogFigures } from "./catalog.ts";
import { checkoutPageFigures } from "./checkout-pages.ts";
import { idleMemoryFigures } from "./idle-memory.ts";
import { lighthouseFigures } from "./lighthouse.ts";
import { printVerdicts, SECONDS } from "./load.ts";
import { pageFigures } from "./pages.ts";
import { buildFloor, buildShop } from "./shop.ts";

/**
 * npm run bench (in apps/storefront, and from the top folder after the console's and the API's):
 * the shop as customers meet it, through the storefront and the API it calls, each its own process
 * started from its file as `npm start` starts it; the pages against the framework's floor (a
 * minimal React Router page on the storefront's own HTTP stack), measured in the same run on the
 * same machine. BENCH_ONLY picks one part: pages, checkout, catalog, memory or lighthouse (orders, staff, ai and
 * decode are the API's alone: nothing here).
 */
const SELECTIONS = ["pages", "checkout", "catalog", "memory", "lighthouse", "orders", "staff", "ai", "decode"] as const;
type Selection = (typeof SELECTIONS)[number];
const only = process.env.BENCH_ONLY as Selection | undefined;
const runs = (selection: Selection) => !only || only === selection;

async function main() {
  if (only && !SELECTIONS.includes(only)) throw new Error(`BENCH_ONLY=${only}: none such (${SELECTIONS.join(", ")})`);
  if (!runs("pages") && !runs("checkout") && !runs("catalog") && !runs("memory") && !runs("lighthouse")) return;
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
    await onPostgres("shop_bench", "checkout pages", checkoutPageFigures);
  }
  if (runs("catalog")) await catalogFigures(benchPostgresServer, SECONDS);
  if (runs("memory")) await idleMemoryFigures(benchPostgresServer);
  if (runs("lighthouse")) await lighthouseFigures();
  printVerdicts();
}

await main();
