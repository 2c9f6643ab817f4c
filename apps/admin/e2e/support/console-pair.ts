import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePorts, startNodeProcess } from "@workshop/testing/processes.ts";
import { testOwner } from "./staff.ts";

export type ConsolePair = { apiURL: string; consoleURL: string; staffToken: string; stop: () => Promise<void> };

/**
 * Starts the API and the console (already built) each on its own origin, as `npm start` does, on an
 * empty embedded database of their own with the test owner. `env` adds to or overrides the API's.
 */
export async function startConsolePair(env: Record<string, string> = {}): Promise<ConsolePair> {
  const [apiPort, consolePort] = await freePorts(2);
  const apiURL = `http://127.0.0.1:${apiPort}`;
  const consoleURL = `http://127.0.0.1:${consolePort}`;
  const staffToken = `console-e2e-${Date.now()}-token`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "console-e2e-"));
  const api = await startNodeProcess(createRequire(import.meta.url).resolve("@workshop/api/main.ts"), {
    name: "API",
    env: {
      NODE_ENV: "production",
      PORT: String(apiPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: apiURL,
      ADMIN_URL: consoleURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      XENDIT_SECRET_KEY: "",
      SMTP_URL: "",
      ADMIN_API_TOKEN: staffToken,
      ADMIN_EMAIL: testOwner.email,
      ADMIN_PASSWORD: testOwner.password,
      RATE_LIMIT_ORDERS: "100000/60",
      RATE_LIMIT_WRITES: "100000/60",
      ...env,
    },
    ready: "Shop running at",
  });
  const consoleApp = await startNodeProcess(path.join(import.meta.dirname, "..", "..", "serve.ts"), {
    name: "Console",
    env: { NODE_ENV: "production", ADMIN_PORT: String(consolePort), HOST: "127.0.0.1", API_URL: apiURL },
    ready: "Staff console running at",
  });
  return {
    apiURL,
    consoleURL,
    staffToken,
    async stop() {
      await Promise.all([consoleApp.stop(), api.stop()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
