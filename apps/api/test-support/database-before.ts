import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import type { Database } from "#server/db/types.ts";
import { migrationsFolder } from "#server/paths.ts";

/** The migrations of migrations/ before `first` (a name such as "0021_making_stages"), as db/migrate.ts reads them. */
function migrationsBefore(first: string): MigrationProvider {
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const name of (await readdir(migrationsFolder)).filter((n) => n.endsWith(".sql")).sort()) {
        if (name.slice(0, -4) >= first) continue;
        const statements = (await readFile(path.join(migrationsFolder, name), "utf8"))
          .split("--> statement-breakpoint")
          .map((s) => s.trim())
          .filter(Boolean);
        migrations[name.slice(0, -4)] = {
          up: async (db) => {
            for (const statement of statements) await sql.raw(statement).execute(db);
          },
        };
      }
      return migrations;
    },
  };
}

export type OlderDatabase = {
  /** The database as the build before `first` left it, for writing its rows (only the columns it had). */
  db: Kysely<Database>;
  /** Opens it as the shop does, which runs the migrations from `first` on. */
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
};

/**
 * A shop's database migrated up to the migration before `first`: PGlite, or a database of its own
 * on the server of DATABASE_URL (dropped by `drop`). Tests of a migration fill it with the rows of
 * the older build and then open it, to see what the migration makes of them.
 */
export async function databaseBefore(first: string): Promise<OlderDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const plugins = [new CamelCasePlugin({ maintainNestedObjectKeys: true })];
  const provider = migrationsBefore(first);
  if (!serverUrl) {
    const client = new PGlite();
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: client }), plugins });
    await new Migrator({ db: db.withoutPlugins(), provider }).migrateToLatest();
    return { db, open: () => openDatabase({ pglite: client }), drop: async () => {} };
  }
  const name = `shop_before_${first.slice(0, 4)}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString() }) }), plugins });
  await new Migrator({ db: db.withoutPlugins(), provider }).migrateToLatest();
  return {
    db,
    open: async () => {
      await db.destroy();
      return openDatabase({ url: url.toString() });
    },
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
