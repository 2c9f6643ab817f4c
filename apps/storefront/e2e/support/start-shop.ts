import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** The API's process, which serves the shop's pages until the storefront runs on its own. */
const apiMain = createRequire(import.meta.url).resolve("@workshop/api/main.ts");

/** `log`: what the shop has printed so far. */
export type RunningShop = { baseURL: string; dataDir: string; log: string; stop: () => Promise<void>; remove: () => Promise<void> };

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
  const child = spawn(process.execPath, [apiMain], {
    env: {
      ...process.env,
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
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code, signal) => reject(new Error(`Shop exited with ${code ?? signal}:\n${output}`)));
  });
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    }));
  return {
    baseURL,
    dataDir,
    get log() {
      return output;
    },
    stop,
    remove: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
