import { listenOrExit, runMain, stopOnSignal } from "@workshop/http/process-life.ts";
import { closeEngine } from "./ai/engines.ts";
import { buildApp, buildWorkerApp } from "./app.ts";
import { watchVersions } from "./cache/versions.ts";
import { config, paymentsSandbox } from "./config.ts";
import { database } from "./db/client.ts";
import { seedCatalogIfEmpty } from "./db/seed.ts";
import { startJobs, stopJobs } from "./jobs/index.ts";
import { setUpSharp } from "./media/decode-queue.ts";
import "./jobs/all.ts";
import { startXenditSandbox, stopXenditSandbox } from "./payments/xendit/sandbox.ts";
import { ensureFirstOwner } from "./staff/first-owner.ts";

/**
 * Starts the API: database (migrated and seeded), jobs, then the web server. ROLE=web serves and
 * sends jobs, ROLE=worker runs the jobs and answers only its health probes, ROLE=all (the
 * default) does both in one process.
 */
async function main() {
  const dev = process.argv.includes("--dev");
  const cfg = config();
  const serves = cfg.ROLE !== "worker";
  setUpSharp();
  const db = await database();
  if (serves) {
    const seeded = await seedCatalogIfEmpty(db.db);
    if (seeded > 0) console.log(`Seeded the catalogue with ${seeded} products.`);
    await ensureFirstOwner();
    startXenditSandbox(cfg.API_PORT);
  }
  await startJobs({ work: cfg.ROLE !== "web" });
  // Instances sharing one PostgreSQL tell each other of changes to what they cache.
  const stopWatch = db.kind === "postgres" && serves ? watchVersions() : () => {};

  const app = serves ? await buildApp({ dev }) : await buildWorkerApp();
  const port = await listenOrExit(app, { port: cfg.API_PORT, host: cfg.HOST, portSetting: "API_PORT", name: "API" });
  const where = db.kind === "pglite" ? `embedded PGlite in ${cfg.DATA_DIR}/db` : "PostgreSQL (DATABASE_URL)";
  if (cfg.ROLE !== "web")
    console.log(`Studio photos: the ${cfg.AI_IMAGE_API_URL ? `remote image model ${cfg.AI_IMAGE_MODEL}` : "local engine"}.`);
  if (serves && paymentsSandbox())
    console.log("Demo shop: no Xendit key, so payments run in the built-in sandbox and no real payment is taken.");
  // The sandbox's payments live in this process: another web instance cannot finish one started here.
  if (cfg.ROLE === "web" && paymentsSandbox())
    console.warn(
      "With several web instances, set XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN (Xendit's test keys work): each instance has its own built-in sandbox, and a payment started on one cannot be paid or refunded through another.",
    );
  if (serves)
    console.log(
      `API running at http://localhost:${port} (${dev ? "development" : "production"}; database: ${where}${cfg.ROLE === "web" ? "; jobs run by the workers" : ""})`,
    );
  else console.log(`API worker running: the jobs, on ${where}; health at http://localhost:${port}/healthz`);

  // After the drain (SHUTDOWN_DRAIN_SECONDS, readiness answering 503 meanwhile), stops accepting,
  // lets the requests in flight finish (a new request on an open connection gets 503), then stops
  // the jobs (a running one finishes), the AI engine, the sandbox and the database.
  stopOnSignal(
    [
      ["web server", () => app.close()],
      ["jobs", stopJobs],
      ["AI engine", closeEngine],
      ["sandbox", stopXenditSandbox],
      ["database", () => db.close()],
    ],
    { before: stopWatch, drainMs: cfg.SHUTDOWN_DRAIN_SECONDS * 1000 },
  );
}

runMain(main);
