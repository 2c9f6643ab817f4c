import type { AddressInfo } from "node:net";
import { closeEngine } from "./ai/engines.ts";
import { buildApp } from "./app.ts";
import { watchVersions } from "./cache/versions.ts";
import { config, paymentsSandbox } from "./config.ts";
import { database } from "./db/client.ts";
import { seedCatalogIfEmpty } from "./db/seed.ts";
import { startJobs, stopJobs } from "./jobs/index.ts";
import { setUpSharp } from "./media/decode-queue.ts";
import "./jobs/all.ts";
import { startXenditSandbox, stopXenditSandbox } from "./payments/xendit/sandbox.ts";
import { ensureFirstOwner } from "./staff/first-owner.ts";

/** Starts the API: database (migrated and seeded), jobs, then the web server. */
async function main() {
  const dev = process.argv.includes("--dev");
  const cfg = config();
  setUpSharp();
  const db = await database();
  const seeded = await seedCatalogIfEmpty(db.db);
  if (seeded > 0) console.log(`Seeded the catalogue with ${seeded} products.`);
  await ensureFirstOwner();
  startXenditSandbox(cfg.API_PORT);
  await startJobs();
  // Instances sharing one PostgreSQL tell each other of changes to what they cache.
  const stopWatch = db.kind === "postgres" ? watchVersions() : () => {};

  const app = await buildApp({ dev });
  try {
    await app.listen({ port: cfg.API_PORT, host: cfg.HOST });
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
    console.error(
      inUse
        ? `Port ${cfg.API_PORT} is already in use (${cfg.HOST}): stop the program that uses it, or choose another port for the API, e.g. API_PORT=${cfg.API_PORT + 1} npm start`
        : `The API cannot listen on ${cfg.HOST}:${cfg.API_PORT}: ${(error as Error).message}`,
    );
    process.exit(1);
  }
  const { port } = app.server.address() as AddressInfo;
  const where = db.kind === "pglite" ? `embedded PGlite in ${cfg.DATA_DIR}/db` : "PostgreSQL (DATABASE_URL)";
  console.log(`Studio photos: the ${cfg.AI_IMAGE_API_URL ? `remote image model ${cfg.AI_IMAGE_MODEL}` : "local engine"}.`);
  if (paymentsSandbox()) console.log("Demo shop: no Xendit key, so payments run in the built-in sandbox and no real payment is taken.");
  console.log(`API running at http://localhost:${port} (${dev ? "development" : "production"}; database: ${where})`);

  let stopping = false;
  /**
   * Stops accepting, lets the requests in flight finish (a new request on an open connection gets
   * 503), then stops the jobs (a running one finishes), the AI engine, the sandbox and the database.
   * Whatever is still busy after STOP_WITHIN_MS is cut off, so an orchestrator's grace period holds.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    const done: string[] = [];
    setTimeout(() => {
      console.error(`Not stopped within ${STOP_WITHIN_MS / 1000} s (${done.join(", ") || "nothing"} done): exiting anyway`);
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
    stopWatch();
    for (const [part, close] of [
      ["web server", () => app.close()],
      ["jobs", stopJobs],
      ["AI engine", closeEngine],
      ["sandbox", stopXenditSandbox],
      ["database", () => db.close()],
    ] as const) {
      const started = performance.now();
      await Promise.resolve(close()).catch((error: unknown) => console.error(`Stopping the ${part}:`, error));
      done.push(`${part} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    console.log(`Stopped: ${done.join(", ")}`);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/** Kubernetes and most hosts wait 10 s after SIGTERM before they kill. */
const STOP_WITHIN_MS = 9_500;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
