import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePorts, type RunningProcess, startNodeProcess } from "@workshop/testing/processes.ts";
import { scratchPostgresDatabase } from "@workshop/testing/shop-database.ts";

/** The API's process (`src/main.ts`, as `npm start` starts it): what this bench measures, alone. */
const apiMain = path.resolve(import.meta.dirname, "../src/main.ts");

export const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** The bench is one client sending thousands of orders and payments: the API's rate limits must not count it. */
const BENCH_RATE_LIMITS = {
  RATE_LIMIT_ORDERS: "100000000/60",
  RATE_LIMIT_PAYMENTS: "100000000/60",
  RATE_LIMIT_CONTACT: "100000000/60",
  RATE_LIMIT_CUSTOM_ORDERS: "100000000/60",
  RATE_LIMIT_WRITES: "100000000/60",
  RATE_LIMIT_REFERENCE_PHOTOS: "100000000/60",
};

/** Where the API keeps its data: PGlite in its data folder (no `DATABASE_URL`), or a PostgreSQL database. */
export type Database = { DATABASE_URL: string; label: string };
export const PGLITE: Database = { DATABASE_URL: "", label: "PGlite" };

export type Api = { origin: string; process: RunningProcess; stop: () => Promise<void> };

/**
 * The API on a free port with a fresh data folder (removed when it stops) and `database`; `env`
 * adds settings (ADMIN_API_TOKEN, TRUST_PROXY…). Its log lines are read and dropped once it runs.
 */
export async function startApi(database: Database, env: Record<string, string> = {}): Promise<Api> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "api-bench-"));
  const [port] = await freePorts(1);
  const origin = `http://127.0.0.1:${port}`;
  try {
    const api = await startNodeProcess(apiMain, {
      name: "API",
      env: {
        NODE_ENV: "production",
        API_PORT: String(port),
        HOST: "127.0.0.1",
        API_URL: origin,
        DATA_DIR: dataDir,
        DATABASE_URL: database.DATABASE_URL,
        ...BENCH_RATE_LIMITS,
        ...env,
      },
      ready: "API running at",
      keepLog: false,
    });
    return {
      origin,
      process: api,
      stop: async () => {
        await api.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** `run` on a fresh database of the PostgreSQL server, dropped after; skipped (said so) without a server. */
export async function onPostgres(what: string, run: (database: Database) => Promise<void>) {
  const database = await scratchPostgresDatabase("api_bench", POSTGRES_SERVER);
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
