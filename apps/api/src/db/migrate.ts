import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { migrationsFolder } from "#server/paths.ts";
import type { Database } from "./types.ts";

/** Arbitrary constant: one instance at a time carries over the journal of an older build. */
const CARRY_OVER_LOCK = 727_001;

/**
 * The SQL files of migrations/, by name (0000_init, 0001_…): each runs as one migration, statement
 * by statement where the file says `--> statement-breakpoint` (PGlite takes one statement a query).
 */
const sqlFiles: MigrationProvider = {
  async getMigrations() {
    const names = (await readdir(migrationsFolder)).filter((name) => name.endsWith(".sql")).sort();
    const migrations: Record<string, Migration> = {};
    for (const name of names) {
      const text = await readFile(path.join(migrationsFolder, name), "utf8");
      const statements = text
        .split("--> statement-breakpoint")
        .map((statement) => statement.trim())
        .filter(Boolean);
      migrations[name.slice(0, -".sql".length)] = {
        up: async (db) => {
          for (const statement of statements) await sql.raw(statement).execute(db);
        },
      };
    }
    return migrations;
  },
};

/**
 * Applies the migrations not applied yet, each in a transaction, under Kysely's migration lock (an
 * advisory lock on PostgreSQL), so several instances may start together. A database made by the
 * build before Kysely has its applied migrations listed in drizzle.__drizzle_migrations: they are
 * carried over first, so none runs twice.
 */
export async function migrate(db: Kysely<Database>): Promise<void> {
  await carryOverOlderJournal(db);
  const { error, results } = await new Migrator({ db, provider: sqlFiles }).migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error)
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
}

/** The migrations of migrations/ that this database has not applied yet (none once it started). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrations = await new Migrator({ db, provider: sqlFiles }).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/**
 * The older build ran the same SQL files through Drizzle, which kept the time of the newest one
 * applied (its journal's `when`, in meta/_journal.json). Every file up to that time is recorded as
 * applied in Kysely's table, once: after that the table has rows and this does nothing.
 */
async function carryOverOlderJournal(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CARRY_OVER_LOCK})`.execute(trx);
    const { rows } = await sql<{ older: string | null; ours: string | null }>`
      select to_regclass('drizzle.__drizzle_migrations')::text as older, to_regclass('public.kysely_migration')::text as ours`.execute(trx);
    if (!rows[0]?.older) return;
    // The same table Kysely's Migrator creates (it creates it only when missing).
    await sql`create table if not exists kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(
      trx,
    );
    if (rows[0].ours) {
      const recorded = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(trx);
      if ((recorded.rows[0]?.n ?? 0) > 0) return;
    }
    const newest = await sql<{ at: string | number | null }>`select max(created_at) as at from drizzle.__drizzle_migrations`.execute(trx);
    const appliedUntil = newest.rows[0]?.at;
    if (appliedUntil === null || appliedUntil === undefined) return;
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    };
    for (const entry of journal.entries.filter((e) => e.when <= Number(appliedUntil)))
      await sql`insert into kysely_migration (name, timestamp) values (${entry.tag}, ${new Date(entry.when).toISOString()}) on conflict do nothing`.execute(
        trx,
      );
  });
}
