import { onPostgres, PGLITE } from "@workshop/testing/bench-databases.ts";
import { aiFigures } from "./ai.ts";
import { SECONDS } from "./api.ts";
import { apiProductFigures } from "./api-product.ts";
import { checkoutFigures } from "./checkout.ts";
import { decodeFigures } from "./decode.ts";
import { ordersListFigures } from "./orders-list.ts";
import { BENCH_STAFF_TOKEN } from "./payments.ts";
import { staffFloodFigures } from "./staff-flood.ts";

/**
 * npm run bench (in apps/api, and from the top folder between the console's and the storefront's):
 * the API alone, its own process started from src/main.ts as `npm start` starts it, each figure
 * against its target or a floor measured in the same run on the same machine. Pages, which go
 * through the storefront, are the storefront's bench (apps/storefront/bench). BENCH_ONLY picks one
 * part: checkout, orders, catalog, staff, ai or decode (pages and memory are the storefront's: nothing here).
 */
const SELECTIONS = ["checkout", "orders", "catalog", "staff", "ai", "decode", "pages", "memory"] as const;
type Selection = (typeof SELECTIONS)[number];
const only = process.env.BENCH_ONLY as Selection | undefined;
const runs = (selection: Selection) => !only || only === selection;

async function main() {
  if (only && !SELECTIONS.includes(only)) throw new Error(`BENCH_ONLY=${only}: none such (${SELECTIONS.join(", ")})`);
  if (!["checkout", "orders", "catalog", "staff", "ai", "decode"].some((s) => runs(s as Selection))) return;
  console.log("\n== the API's bench (apps/api/bench): the API alone");
  if (runs("checkout")) {
    // The payment figures come with the full run only, on the same API as its checkout.
    await checkoutFigures(PGLITE, { payments: !only });
    await onPostgres("api_bench", "checkout API", (database) => checkoutFigures(database, { payments: !only }));
  }
  if (runs("orders")) await ordersListFigures(SECONDS, BENCH_STAFF_TOKEN);
  if (runs("catalog")) await apiProductFigures(SECONDS);
  if (runs("staff")) await staffFloodFigures(SECONDS);
  if (runs("ai")) await aiFigures(SECONDS);
  if (runs("decode")) await decodeFigures(SECONDS);
}

await main();
