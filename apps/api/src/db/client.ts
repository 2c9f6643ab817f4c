import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { config } from "#server/config.ts";
import { dataDir, migrationsFolder } from "#server/paths.ts";
import { lockFolder } from "./folder-lock.ts";
import * as schema from "./schema.ts";

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** The embedded client (kind "pglite"), for code that needs it directly: the job queue. */
  pglite?: PGlite;
  /** The connection string (kind "postgres"), for code that opens its own pool: the job queue. */
  url?: string;
};

/** Arbitrary constant: holds migrations to one instance at a time on a shared server. */
const MIGRATION_LOCK = 727_001;

/**
 * Opens the database and applies pending migrations: PostgreSQL when DATABASE_URL is set,
 * otherwise PGlite in DATA_DIR/db (or in memory for `memory://`).
 */
export async function openDatabase(options: { url?: string; pgliteDir?: string; pglite?: PGlite } = {}): Promise<Database> {
  const url = options.url ?? config().DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection the server closes (restart, failover) must not take the process down.
    pool.on("error", (error) => console.error(`database: idle connection lost: ${error.message}`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder });
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      lockClient.release();
    }
    return { db, kind: "postgres", close: () => pool.end(), url };
  }
  if (options.pglite) return openPgliteDatabase(options.pglite, async () => {});
  const dir = options.pgliteDir ?? path.join(dataDir(), "db");
  // PGlite creates its own folder but not the ones above it.
  await mkdir(path.dirname(dir), { recursive: true });
  // One process per folder (a second one would corrupt it): refused with a clear message.
  const unlock = await lockFolder(dir);
  try {
    return await openPgliteDatabase(new PGlite(dir), unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
}

async function openPgliteDatabase(client: PGlite, unlock: () => Promise<void>): Promise<Database> {
  const pgliteDb = drizzlePglite({ client, schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  return { db: pgliteDb as unknown as Db, kind: "pglite", close: () => client.close().finally(unlock), pglite: client };
}

// One database per process, even when this module is loaded twice (the server entry and the
// bundled routes): PGlite must never open the same folder twice.
const slot = Symbol.for("shop.database");
type Slot = { [slot]?: Promise<Database> };

/** The process-wide database, opened on first use. */
export function database(): Promise<Database> {
  const g = globalThis as Slot;
  g[slot] ??= openDatabase();
  return g[slot];
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

/** Installs an already opened database as the process-wide one (tests, scripts). */
export function useDatabase(db: Database): void {
  (globalThis as Slot)[slot] = Promise.resolve(db);
}
