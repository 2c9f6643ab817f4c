import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readProducts } from "#server/catalog/products.ts";
import { orderById } from "#server/orders/queries.ts";
import { migrationsFolder } from "#server/paths.ts";
import { signIn } from "#server/staff/sign-in.ts";
import { type DatabaseHandle, openDatabase, useDatabase } from "./client.ts";

/**
 * A shop's database as the build before Kysely left it: made by that build (Drizzle's migrator,
 * then three orders, a payment request, a staff sign-in, a note, a contact message and a custom
 * request through its HTTP API) and saved with `pg_dump --inserts --schema=public --schema=drizzle`.
 */
const dump = readFileSync(path.join(import.meta.dirname, "../../test-support/fixtures/shop-before-kysely.sql"), "utf8");
const owner = { email: "owner@workshop.test", password: "Ubud-workshop-owner-2026" };

/** The dump as plain SQL: psql's own commands (\restrict) out, and the public schema already there. */
const statements = dump
  .split("\n")
  .filter((line) => !line.startsWith("\\"))
  .join("\n")
  .replace("CREATE SCHEMA public;", "CREATE SCHEMA IF NOT EXISTS public;");

/** Rows per table in the dump, counted from its INSERT statements. */
function dumpedRows(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, table] of dump.matchAll(/^INSERT INTO public\.(\w+) /gm)) counts.set(table!, (counts.get(table!) ?? 0) + 1);
  return counts;
}

const journalText = readFileSync(path.join(import.meta.dirname, "migrations/meta/_journal.json"), "utf8");

async function olderDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const client = new PGlite();
    await client.exec(statements);
    // The dump empties the search path for its own session; a shop's session has the default.
    await client.exec("reset search_path");
    return { handle: await openDatabase({ pglite: client }), drop: async () => {} };
  }
  const name = `shop_older_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const loader = new pg.Client({ connectionString: url.toString() });
  await loader.connect();
  await loader.query(statements);
  await loader.end();
  const handle = await openDatabase({ url: url.toString() });
  return {
    handle,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe("a database made by the build before Kysely", () => {
  let older: Awaited<ReturnType<typeof olderDatabase>>;
  beforeAll(async () => {
    older = await olderDatabase();
    useDatabase(older.handle);
  });
  afterAll(async () => {
    await older.handle.close();
    await older.drop();
  });

  it("opens with every migration recorded as applied, none run again", async () => {
    const { db } = older.handle;
    const { rows: recorded } = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration order by name`.execute(db);
    const journal = (JSON.parse(journalText) as { entries: { tag: string; when: number }[] }).entries;
    // Each carried over with the time the older build gave it, not the time of this start.
    const carried = recorded.filter((row) => journal.some((entry) => entry.tag === row.name));
    expect(carried).toEqual(journal.map((entry) => ({ name: entry.tag, timestamp: new Date(entry.when).toISOString() })));
    // The migrations written since that build ran once, at this start: every file is recorded.
    const files = readdirSync(migrationsFolder)
      .filter((name) => name.endsWith(".sql"))
      .map((name) => name.slice(0, -".sql".length))
      .sort();
    expect(recorded.map((row) => row.name)).toEqual(files);
    // The older build's own record is left as it was.
    const { rows } = await sql<{ n: number }>`select count(*) as n from drizzle.__drizzle_migrations`.execute(db);
    expect(rows[0]?.n).toBe(journal.length);
  });

  it("keeps every row of every table", async () => {
    const { db } = older.handle;
    for (const [table, rows] of dumpedRows()) {
      const counted = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
      expect(counted.rows[0]?.n, table).toBe(rows);
    }
    expect(dumpedRows().get("orders")).toBe(3);
  });

  it("reads the orders, their addresses and their payment as the shop shows them", async () => {
    const { db } = older.handle;
    const ids = (await db.selectFrom("orders").select("id").orderBy("createdAt").execute()).map((o) => o.id);
    const orders = await Promise.all(ids.map((id) => orderById(id)));
    expect(orders.map((o) => [o?.paymentMethod, o?.status, o?.paymentStatus])).toEqual([
      ["BCA", "PENDING", "PENDING"],
      ["QRIS", "PENDING", "PENDING"],
      ["MANDIRI", "PENDING", "PENDING"],
    ]);
    expect(orders[2]?.shippingAddress).toMatchObject({ fullName: "Ольга Иванова", email: "olga@example.com", country: "United States" });
    for (const order of orders) {
      expect(order?.totalCents).toBe(order!.priceCents + order!.deliveryCostCents);
      expect(order?.createdAt).toBeInstanceOf(Date);
    }
    const attempt = await db.selectFrom("paymentAttempts").selectAll().executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({
      orderId: ids[0],
      method: "BCA",
      status: "PENDING",
      part: "FULL",
      currency: "IDR",
      amount: orders[0]!.totalIdr,
    });
    expect(attempt.virtualAccountNumber).toMatch(/^\d+$/);
    const notes = await db.selectFrom("orderNotes").select(["orderId", "text"]).execute();
    expect(notes).toEqual([{ orderId: ids[1], text: "Packed with tissue" }]);
  });

  it("shows the catalogue with its photos, and the staff sign in with their password", async () => {
    const { db } = older.handle;
    const products = await readProducts(
      (await db.selectFrom("products").select("id").execute()).map((p) => p.id),
      "en",
    );
    expect(products.size).toBe(24);
    for (const product of products.values()) expect(product.images).toHaveLength(3);
    const signedIn = await signIn({ email: owner.email, password: owner.password, ip: "203.0.113.9", userAgent: "test" });
    expect(signedIn.ok).toBe(true);
    const wrong = await signIn({ email: owner.email, password: "not the password at all", ip: "203.0.113.9", userAgent: "test" });
    expect(wrong.ok).toBe(false);
  });

  it("writes new rows after the old ones (the sequences carried over)", async () => {
    const { db } = older.handle;
    const before = await db
      .selectFrom("contactMessages")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirstOrThrow();
    const added = await db
      .insertInto("contactMessages")
      .values({ name: "Wayan", email: "wayan@example.com", subject: "Again", message: "Hello", locale: "en" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(Number(before.id) + 1);
  });
});
