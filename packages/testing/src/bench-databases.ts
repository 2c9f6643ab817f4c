import { scratchPostgresDatabase } from "./shop-database.ts";

/** What the benches share: where the API keeps its data, and limits a single load client never meets. */

/** The PostgreSQL server the benches use (BENCH_POSTGRES_URL), as a URL without a database. */
export const benchPostgresServer = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";

/** Where the API keeps its data: PGlite in its data folder (no `DATABASE_URL`), or a PostgreSQL database. */
export type BenchDatabase = { DATABASE_URL: string; label: string };
export const PGLITE: BenchDatabase = { DATABASE_URL: "", label: "PGlite" };

/** A bench is one client sending thousands of orders, payments and forms: the API's rate limits must not count it. */
export const unlimitedRateLimits = {
  RATE_LIMIT_ORDERS: "100000000/60",
  RATE_LIMIT_PAYMENTS: "100000000/60",
  RATE_LIMIT_CONTACT: "100000000/60",
  RATE_LIMIT_CUSTOM_ORDERS: "100000000/60",
  RATE_LIMIT_WRITES: "100000000/60",
  RATE_LIMIT_REFERENCE_PHOTOS: "100000000/60",
};

/** `run` on a fresh database (named `prefix_…`) of the PostgreSQL server, dropped after; skipped, and said so, without a server. */
export async function onPostgres(prefix: string, what: string, run: (database: BenchDatabase) => Promise<void>): Promise<void> {
  const database = await scratchPostgresDatabase(prefix, benchPostgresServer);
  if (!database) {
    console.log(`\n${what} on PostgreSQL: skipped, no server at ${benchPostgresServer} (set BENCH_POSTGRES_URL)`);
    return;
  }
  try {
    await run({ DATABASE_URL: database.url, label: "PostgreSQL" });
  } finally {
    await database.drop();
  }
}
