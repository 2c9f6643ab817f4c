import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BenchDatabase, unlimitedRateLimits } from "@workshop/testing/bench-databases.ts";
import { freePorts, type RunningProcess, startNodeProcess } from "@workshop/testing/processes.ts";

/**
 * The processes a bench of the storefront measures, each started by its file path as `npm start`
 * starts it (an app never imports another app): the API, the storefront calling it, the staff
 * console, and the floor (a minimal React Router page on the storefront's own HTTP stack).
 */
const repositoryRoot = path.resolve(import.meta.dirname, "../../..");
const apiMain = path.join(repositoryRoot, "apps/api/src/main.ts");
const storefrontMain = path.join(repositoryRoot, "apps/storefront/server/main.ts");
const consoleServe = path.join(repositoryRoot, "apps/admin/serve.ts");
const floorRoot = path.join(import.meta.dirname, "floor");
const serveFloor = path.join(import.meta.dirname, "serve-floor.ts");
/** The API's bench script that adds made-up products to a shop's PostgreSQL database (its own SQL). */
const seedCatalogScript = path.join(repositoryRoot, "apps/api/bench/catalog-seed.ts");

/** The storefront's (and, for the memory bench, the console's) production build through turbo, as `npm start` makes it. */
export function buildShop({ withConsole = false } = {}) {
  const filters = ["--filter=@workshop/storefront", ...(withConsole ? ["--filter=@workshop/admin"] : [])];
  execFileSync("npx", ["turbo", "run", "build", ...filters, "--output-logs=errors-only"], {
    cwd: repositoryRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", TURBO_TELEMETRY_DISABLED: "1" },
  });
}

export function buildFloor() {
  execFileSync("npx", ["react-router", "build", floorRoot], { stdio: "ignore" });
}

/** Where the shop keeps its data: a fresh folder, and PGlite in it (no `DATABASE_URL`) or a PostgreSQL database. */

export type Shop = {
  /** The storefront, where the customer goes. */
  origin: string;
  /** The API's own origin. */
  apiOrigin: string;
  api: RunningProcess;
  storefront: RunningProcess;
  /** Stops the storefront, then the API, and removes the data folder. */
  stop: () => Promise<void>;
};

/**
 * A shop as it runs in production, two processes: the API on its own port and database (a fresh
 * DATA_DIR, and DATABASE_URL or PGlite in that folder), then the storefront with API_URL pointing
 * at it. `api` and `storefront` are more settings for each (PAGE_CACHE_SECONDS, BENCH_TIMING…).
 */
export async function startShop(
  database: BenchDatabase,
  { api = {}, storefront = {} }: { api?: Record<string, string>; storefront?: Record<string, string> } = {},
): Promise<Shop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
  let apiServer: Api | undefined;
  try {
    apiServer = await startApi(database, dataDir, api);
    const front = await startStorefront(apiServer.origin, storefront);
    const running = apiServer;
    return {
      origin: front.origin,
      apiOrigin: running.origin,
      api: running.process,
      storefront: front.process,
      stop: async () => {
        await front.process.stop();
        await running.process.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await apiServer?.process.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

type Api = { origin: string; process: RunningProcess };

/** The API alone, on `database` with its files in `dataDir` (which it keeps: the caller removes it). */
export async function startApi(database: BenchDatabase, dataDir: string, env: Record<string, string> = {}): Promise<Api> {
  const [port] = (await freePorts(1)) as [number];
  const origin = `http://127.0.0.1:${port}`;
  const running = await startNodeProcess(apiMain, {
    name: "API",
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      ...unlimitedRateLimits,
      API_PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.DATABASE_URL,
      ...env,
    },
    ready: "API running at",
    keepLog: false,
  });
  return { origin, process: running };
}

/** A storefront calling the API at `apiOrigin`, with more settings in `env` (PAGE_CACHE_SECONDS…). */
export async function startStorefront(
  apiOrigin: string,
  env: Record<string, string> = {},
): Promise<{ origin: string; process: RunningProcess }> {
  const [port] = (await freePorts(1)) as [number];
  const origin = `http://127.0.0.1:${port}`;
  const running = await startNodeProcess(storefrontMain, {
    name: "Storefront",
    env: { NODE_ENV: "production", HOST: "127.0.0.1", PUBLIC_URL: origin, API_URL: apiOrigin, PORT: String(port), ...env },
    ready: "Shop running at",
    keepLog: false,
  });
  return { origin, process: running };
}

/** The staff console's server (`apps/admin/serve.ts`) for the shop's API: the third process of a shop. */
export async function startConsole(apiOrigin: string): Promise<{ origin: string; process: RunningProcess }> {
  const [port] = await freePorts(1);
  const running = await startNodeProcess(consoleServe, {
    name: "Console",
    env: { NODE_ENV: "production", ADMIN_PORT: String(port), HOST: "127.0.0.1", API_URL: apiOrigin },
    ready: "Staff console running at",
    keepLog: false,
  });
  return { origin: `http://127.0.0.1:${port}`, process: running };
}

/** An API worker (ROLE=worker) on the shop's PostgreSQL database, as a scaled-out shop runs its jobs: its own process and data folder. */
export async function startApiWorker(databaseUrl: string): Promise<{ process: RunningProcess; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-worker-"));
  const [port] = await freePorts(1);
  const running = await startNodeProcess(apiMain, {
    name: "API worker",
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      ROLE: "worker",
      API_PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
    },
    ready: "API worker running",
    keepLog: false,
  });
  return {
    process: running,
    stop: async () => {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The floor: the minimal React Router page (`bench/floor`) served by the storefront's HTTP stack. */
export async function startFloor(): Promise<{ origin: string; process: RunningProcess }> {
  const [port] = await freePorts(1);
  const running = await startNodeProcess(serveFloor, {
    name: "Floor",
    args: [String(port)],
    env: { NODE_ENV: "production" },
    ready: "Floor running at",
    keepLog: false,
  });
  return { origin: `http://127.0.0.1:${port}`, process: running };
}

/**
 * Adds `count` made-up products to the shop's database through the API's own bench script, started
 * as a process (the storefront never opens the database): a PostgreSQL database by its URL, or the
 * embedded one in a stopped API's data folder. Answers how many products the catalogue then has.
 */
export function seedCatalog(database: { url: string } | { pgliteDir: string }, count: number): number {
  const target = "url" in database ? [database.url] : ["--pglite", database.pgliteDir];
  const output = execFileSync(process.execPath, [seedCatalogScript, ...target, String(count)], { encoding: "utf8" });
  const total = Number(/(\d+) products/.exec(output)?.[1]);
  if (!Number.isInteger(total)) throw new Error(`the catalogue was not seeded: ${output}`);
  return total;
}
