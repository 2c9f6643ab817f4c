import { listenOrExit, runMain, stopOnSignal } from "@workshop/http/process-life.ts";
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
  const port = await listenOrExit(app, { port: cfg.API_PORT, host: cfg.HOST, portSetting: "API_PORT", name: "API" });
  const where = db.kind === "pglite" ? `embedded PGlite in ${cfg.DATA_DIR}/db` : "PostgreSQL (DATABASE_URL)";
  console.log(`Studio photos: the ${cfg.AI_IMAGE_API_URL ? `remote image model ${cfg.AI_IMAGE_MODEL}` : "local engine"}.`);
  if (paymentsSandbox()) console.log("Demo shop: no Xendit key, so payments run in the built-in sandbox and no real payment is taken.");
  console.log(`API running at http://localhost:${port} (${dev ? "development" : "production"}; database: ${where})`);

  // Stops accepting, lets the requests in flight finish (a new request on an open connection gets
  // 503), then stops the jobs (a running one finishes), the AI engine, the sandbox and the database.
  stopOnSignal(
    [
      ["web server", () => app.close()],
      ["jobs", stopJobs],
      ["AI engine", closeEngine],
      ["sandbox", stopXenditSandbox],
      ["database", () => db.close()],
    ],
    stopWatch,
  );
}

runMain(main);
