import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * The shop's database as its tests read it from outside: what the API stored, checked after the
 * fact. Only the API's process opens it while the shop runs; the apps themselves never do.
 */

/** Runs `sql` on the embedded database of a stopped shop (its DATA_DIR) and answers the rows. */
export async function queryStoppedShop<T>(dataDir: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new PGlite(path.join(dataDir, "db"));
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.close();
  }
}

/** The PostgreSQL server the tests may use (CI runs one), as a URL without a database. */
const postgresServer = process.env.E2E_POSTGRES_URL ?? process.env.TEST_POSTGRES_SERVER ?? "postgres://postgres@127.0.0.1:5432";

/**
 * A new, empty database on the PostgreSQL server (`server`, by default the tests' one), for shops
 * that must share one; null when no server answers (the test is then skipped). `drop` removes it,
 * connections and all.
 */
export async function scratchPostgresDatabase(
  prefix: string,
  server = postgresServer,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres`, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  return {
    url: `${server}/${name}`,
    drop: async () => {
      const client = new pg.Client({ connectionString: `${server}/postgres` });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
