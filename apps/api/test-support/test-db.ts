import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase, useDatabase } from "#server/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite database that db-template.ts saved once for every test file. */
    pgliteTemplate: string;
  }
}

/**
 * A fresh, migrated database installed as the process-wide one: a new database on the
 * PostgreSQL server when DATABASE_URL is set (dropped by close), else PGlite from the template.
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await freshPostgres(serverUrl) : await freshPglite();
  useDatabase(database);
  return database;
}

async function freshPglite(): Promise<DatabaseHandle> {
  const dump = await readFile(inject("pgliteTemplate"));
  const client = new PGlite({ loadDataDir: new Blob([dump]) });
  return openDatabase({ pglite: client });
}

async function freshPostgres(serverUrl: string): Promise<DatabaseHandle> {
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // Let every other connection (job runners' pools) finish closing before forcing the rest.
      for (let i = 0; i < 50; i++) {
        const { rows } = await dropper.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
