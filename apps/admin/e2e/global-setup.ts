import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePorts, startNodeProcess } from "@workshop/testing/processes.ts";
import type { TestProject } from "vitest/node";
import { testOwner } from "./support/staff.ts";

declare module "vitest" {
  export interface ProvidedContext {
    consoleURL: string;
    apiURL: string;
    staffToken: string;
  }
}

const repositoryRoot = path.resolve(import.meta.dirname, "../../..");

/**
 * Builds the console (and what the API serves), then starts the API and the console each on its
 * own origin, as `npm start` does: the console on one port, the API on another.
 */
export default async function setup(project: TestProject) {
  execFileSync("npx", ["turbo", "run", "build", "--filter=@workshop/admin", "--filter=@workshop/storefront", "--output-logs=errors-only"], {
    cwd: repositoryRoot,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production", TURBO_TELEMETRY_DISABLED: "1" },
  });
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
    },
    ready: "Shop running at",
  });
  const consoleApp = await startNodeProcess(path.join(import.meta.dirname, "..", "serve.ts"), {
    name: "Console",
    env: { NODE_ENV: "production", ADMIN_PORT: String(consolePort), HOST: "127.0.0.1", API_URL: apiURL },
    ready: "Staff console running at",
  });
  project.provide("consoleURL", consoleURL);
  project.provide("apiURL", apiURL);
  project.provide("staffToken", staffToken);
  return async () => {
    await Promise.all([consoleApp.stop(), api.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  };
}
