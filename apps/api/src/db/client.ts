import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import { config } from "#server/config.ts";
import { dataDir } from "#server/paths.ts";
import { lockFolder } from "./folder-lock.ts";
import { migrate } from "./migrate.ts";
import type { Database } from "./types.ts";

/** The shop's database through Kysely; a transaction (`Tx`, db/tx.ts) is one too. */
export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** The embedded client (kind "pglite"), for code that needs it directly: the job queue. */
  pglite?: PGlite;
  /** The connection string (kind "postgres"), for code that opens its own pool: the job queue. */
  url?: string;
};

const INT8 = 20;

/**
 * Columns in camelCase in the code, snake_case in SQL. JSON documents (webhook bodies, addresses,
 * checkout data) keep their own keys.
 */
const plugins = [new CamelCasePlugin({ maintainNestedObjectKeys: true })];

/**
 * Opens the database and applies pending migrations: PostgreSQL when DATABASE_URL is set,
 * otherwise PGlite in DATA_DIR/db (or the given client).
 */
export async function openDatabase(options: { url?: string; pgliteDir?: string; pglite?: PGlite } = {}): Promise<DatabaseHandle> {
  const url = options.url ?? config().DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // count(*) and bigint columns as numbers, as PGlite gives them (no count comes near 2^53).
      types: { getTypeParser: (oid: number, format?: "text" | "binary") => (oid === INT8 ? Number : pg.types.getTypeParser(oid, format)) },
    });
    // An idle connection the server closes (restart, failover) must not take the process down.
    pool.on("error", (error) => console.error(`database: idle connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    try {
      await migrate(db.withoutPlugins());
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return { db, kind: "postgres", close: () => db.destroy(), url };
  }
  if (options.pglite) return openPglite(options.pglite, async () => {});
  const dir = options.pgliteDir ?? path.join(dataDir(), "db");
  // PGlite creates its own folder but not the ones above it.
  await mkdir(path.dirname(dir), { recursive: true });
  // One process per folder (a second one would corrupt it): refused with a clear message.
  const unlock = await lockFolder(dir);
  try {
    // Loaded only here: a shop on PostgreSQL never holds the embedded database's code.
    const { PGlite } = await import("@electric-sql/pglite");
    return await openPglite(new PGlite(dir), unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
}

async function openPglite(client: PGlite, unlock: () => Promise<void>): Promise<DatabaseHandle> {
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: client }), plugins });
  await migrate(db.withoutPlugins());
  return { db, kind: "pglite", close: () => db.destroy().finally(unlock), pglite: client };
}

// One database per process, even when this module is loaded twice (the server entry and the
// bundled routes): PGlite must never open the same folder twice.
const slot = Symbol.for("shop.database");
type Slot = { [slot]?: Promise<DatabaseHandle> };

/** The process-wide database, opened on first use. */
export function database(): Promise<DatabaseHandle> {
  const g = globalThis as Slot;
  g[slot] ??= openDatabase();
  return g[slot];
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

/** Installs an already opened database as the process-wide one (tests, scripts). */
export function useDatabase(db: DatabaseHandle): void {
  (globalThis as Slot)[slot] = Promise.resolve(db);
}
