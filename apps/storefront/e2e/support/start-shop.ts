import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { useEmptyDatabase } from "@workshop/testing/empty-database.ts";
import { freePorts, type RunningProcess, startNodeProcess } from "@workshop/testing/processes.ts";
import { repositoryRoot } from "./storefront-build.ts";

/** The two processes of a shop: the API (started first, as it owns the database) and the storefront. */
const apiMain = path.join(repositoryRoot, "apps/api/src/main.ts");
const storefrontMain = path.join(repositoryRoot, "apps/storefront/server/main.ts");

/**
 * `baseURL`: the storefront, where the browser goes; `apiURL`: the API's own origin. `log`: what both
 * have printed so far. `api` and `storefront` are each process, for tests that stop or restart one.
 */
export type RunningShop = {
  baseURL: string;
  apiURL: string;
  dataDir: string;
  log: string;
  api: RunningProcess;
  storefront: RunningProcess;
  /** Starts the API again on the same port and data (after `api.stop()`). */
  restartApi: () => Promise<void>;
  stop: () => Promise<void>;
  remove: () => Promise<void>;
};

/**
 * A shop of its own (the production build, as the e2e global setup starts it) on an empty PGlite
 * folder, for tests that need other settings than the shared one (e.g. the shipped rate limits).
 * `env` goes to both processes, as `npm start` gives both the same environment. `stop` ends both
 * and keeps the folder, so a test can read the database afterwards (or start the shop again on it).
 */
export async function startShop(env: Record<string, string> = {}, dataDir?: string): Promise<RunningShop> {
  if (!dataDir) {
    dataDir = await mkdtemp(path.join(tmpdir(), "shop-own-"));
    if (!env.DATABASE_URL) await useEmptyDatabase(dataDir);
  }
  const [port, apiPort] = await freePorts(2);
  const baseURL = `http://127.0.0.1:${port}`;
  const apiURL = `http://127.0.0.1:${apiPort}`;
  const shared = {
    NODE_ENV: "production",
    PORT: String(port),
    API_PORT: String(apiPort),
    HOST: "127.0.0.1",
    // Where Xendit's pages send the customer back: the address the browser uses (its cookies live there).
    PUBLIC_URL: baseURL,
    API_URL: apiURL,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    XENDIT_SECRET_KEY: "",
    SMTP_URL: "",
    ...env,
  };
  const startApi = () => startNodeProcess(apiMain, { name: "API", env: shared, ready: "API running at" });
  let api = await startApi();
  const storefront = await startNodeProcess(storefrontMain, { name: "Storefront", env: shared, ready: "Shop running at" }).catch(
    async (error: unknown) => {
      await api.stop();
      throw error;
    },
  );
  const stop = async () => {
    await Promise.all([storefront.stop(), api.stop()]);
  };
  return {
    baseURL,
    apiURL,
    dataDir,
    get log() {
      return `${api.log}\n${storefront.log}`;
    },
    get api() {
      return api;
    },
    storefront,
    restartApi: async () => {
      api = await startApi();
    },
    stop,
    remove: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One more storefront process for an API already running (`apiURL`): several storefronts on one API,
 * or a storefront whose API is not there yet. Its public address is its own.
 */
export async function startStorefront(
  apiURL: string,
  env: Record<string, string> = {},
): Promise<{ baseURL: string; process: RunningProcess }> {
  const [port] = await freePorts(1);
  const baseURL = `http://127.0.0.1:${port}`;
  const process = await startNodeProcess(storefrontMain, {
    name: "Storefront",
    env: { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: baseURL, API_URL: apiURL, LOG_LEVEL: "warn", ...env },
    ready: "Shop running at",
  });
  return { baseURL, process };
}
