import { randomBytes } from "node:crypto";
import { hashPassword } from "@workshop/api/staff/passwords.ts";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import type { Credentials } from "./admin.ts";
import { type RunningShop, startShop } from "./start-shop.ts";

/**
 * A shop on a database of its own on the PostgreSQL server, with one owner, for the tests of what
 * staff see when the database cannot answer: `withoutTable` takes a table away for a moment, as a
 * lost table would be. Call it inside a describe; `shop` stays undefined where no server answers.
 */
export function breakableShop(label: string, owner: Credentials & { name: string }) {
  const server = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `shop_e2e_${label}_${randomBytes(4).toString("hex")}`;
  const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  let shop: RunningShop | undefined;
  let admin: pg.Client | undefined;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: server });
    try {
      await admin.connect();
    } catch {
      admin = undefined;
      return;
    }
    await admin.query(`create database ${name}`);
    shop = await startShop({ DATABASE_URL: url });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query("insert into staff_accounts (email, name, role, locale, password_hash) values ($1, $2, 'owner', 'en', $3)", [
      owner.email,
      owner.name,
      await hashPassword(owner.password),
    ]);
    await db.end();
  }, 120_000);
  afterAll(async () => {
    await shop?.remove();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  return {
    shop: () => shop,
    /** Runs `body` while `table` is renamed away, and puts it back whatever happens. */
    async withoutTable<T>(table: string, body: () => Promise<T>): Promise<T> {
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      await db.query(`alter table ${table} rename to ${table}_away`);
      try {
        return await body();
      } finally {
        await db.query(`alter table ${table}_away rename to ${table}`);
        await db.end();
      }
    },
  };
}
