import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BenchDatabase, unlimitedRateLimits } from "@workshop/testing/bench-databases.ts";
import { freePorts, type RunningProcess, startNodeProcess } from "@workshop/testing/processes.ts";

/** The API's process (`src/main.ts`, as `npm start` starts it): what this bench measures, alone. */
const apiMain = path.resolve(import.meta.dirname, "../src/main.ts");

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export type Api = { origin: string; process: RunningProcess; stop: () => Promise<void> };

/**
 * The API on a free port with a fresh data folder (removed when it stops) and `database`; `env`
 * adds settings (ADMIN_API_TOKEN, TRUST_PROXY…). Its log lines are read and dropped once it runs.
 */
export async function startApi(database: BenchDatabase, env: Record<string, string> = {}): Promise<Api> {
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
        ...unlimitedRateLimits,
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
