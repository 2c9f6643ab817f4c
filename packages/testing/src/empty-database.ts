import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/** Where the browser suites' global setup left an empty PGlite database for the shops they start. */
const variable = "E2E_EMPTY_PGLITE";

/**
 * Makes an empty PGlite database (what a new shop's first start makes before its migrations: about
 * 5 s of the API's 7) once for a run of browser tests, and names it to the test files, whose
 * processes inherit the environment. Answers how to remove it.
 */
export async function prepareEmptyDatabase(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), "empty-pglite-"));
  const database = new PGlite(path.join(dir, "db"));
  await database.waitReady;
  await database.close();
  process.env[variable] = path.join(dir, "db");
  return () => rm(dir, { recursive: true, force: true });
}

/**
 * Puts a copy of the empty database in a new shop's data folder (where the API opens PGlite,
 * DATA_DIR/db), so its first start migrates, seeds and creates its owner as on a new machine,
 * without making the database itself again. Does nothing outside such a run.
 */
export async function useEmptyDatabase(dataDir: string): Promise<void> {
  const empty = process.env[variable];
  if (empty) await cp(empty, path.join(dataDir, "db"), { recursive: true });
}
