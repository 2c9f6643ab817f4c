import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startNodeProcess } from "@workshop/testing/processes.ts";

/** The API's process, which serves the shop's pages until the storefront runs on its own. */
const apiMain = createRequire(import.meta.url).resolve("@workshop/api/main.ts");

/** `log`: what the shop has printed so far. */
export type RunningShop = { baseURL: string; dataDir: string; log: string; stop: () => Promise<void>; remove: () => Promise<void> };

/**
 * A shop of its own (the production build, as the e2e global setup starts it) on an empty PGlite
 * folder, for tests that need other settings than the shared one (e.g. the shipped rate limits).
 * `stop` ends the process and keeps the folder, so a test can read the database afterwards (or
 * start the shop again on it).
 */
export async function startShop(env: Record<string, string> = {}, dataDir?: string): Promise<RunningShop> {
  dataDir ??= await mkdtemp(path.join(tmpdir(), "shop-own-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const shop = await startNodeProcess(apiMain, {
    name: "Shop",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Where Xendit's pages send the customer back: the address the browser uses (its cookies live there).
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      XENDIT_SECRET_KEY: "",
      SMTP_URL: "",
      ...env,
    },
    ready: "Shop running at",
  });
  return {
    baseURL,
    dataDir,
    get log() {
      return shop.log;
    },
    stop: shop.stop,
    remove: async () => {
      await shop.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
