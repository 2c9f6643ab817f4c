import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "#scripts/build-if-stale.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    staffToken: string;
    /** What the shop printed while starting (empty when testing an already running shop). */
    startLog: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export const raisedRateLimits = {
  RATE_LIMIT_ORDERS: "100000/60",
  RATE_LIMIT_PAYMENTS: "100000/60",
  RATE_LIMIT_CONTACT: "100000/60",
  RATE_LIMIT_WRITES: "100000/60",
};

/** Builds the shop and starts it, as `npm start` would, on a free port with an empty data folder. */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_BASE_URL) {
    buildIfStale();
  } else {
    project.provide("baseURL", process.env.E2E_BASE_URL);
    project.provide("staffToken", process.env.ADMIN_API_TOKEN ?? "");
    project.provide("startLog", "");
    return;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-e2e-"));
  const staffToken = `e2e-staff-${Date.now()}-token`;
  project.provide("staffToken", staffToken);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Where Xendit's pages send the customer back: the address the browser uses (its cookies live there).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_API_TOKEN: staffToken,
      XENDIT_SECRET_KEY: "",
      SMTP_URL: "",
      // Every browser test comes from 127.0.0.1: the shipped limits are tested on a shop of their own.
      ...raisedRateLimits,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Shop did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Shop running at")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`Shop exited with ${code}:\n${output}`)));
  });
  project.provide("baseURL", `http://127.0.0.1:${port}`);
  project.provide("startLog", output);
  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await rm(dataDir, { recursive: true, force: true });
  };
}
