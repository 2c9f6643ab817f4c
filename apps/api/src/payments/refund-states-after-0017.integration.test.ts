import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, useDatabase } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import type { Database } from "#server/db/types.ts";
import { migrationsFolder } from "#server/paths.ts";
import { orderRefunds, recomputeStaleRefundStates } from "./refunds.ts";

/**
 * A shop whose refunds were made before partial refunds (migration 0017): each in full, through
 * Xendit. Migrated, every order with refunds gets the state the app's own rule gives it.
 */

const BEFORE = "0016_fx_rate_state";

/** The migrations up to `BEFORE`, as db/migrate.ts reads them. */
const filesUpToBefore = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const name of (await readdir(migrationsFolder)).filter((n) => n.endsWith(".sql")).sort()) {
      if (name.slice(0, -4) > BEFORE) continue;
      const statements = (await readFile(path.join(migrationsFolder, name), "utf8"))
        .split("--> statement-breakpoint")
        .map((s) => s.trim())
        .filter(Boolean);
      migrations[name.slice(0, -4)] = { up: (db) => run(db, statements) };
    }
    return migrations;
  },
};
async function run(db: Kysely<unknown>, statements: string[]) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** A database migrated up to 0016, with a way to open it as the shop does (migrating the rest). */
async function databaseBefore0017(): Promise<{ db: Kysely<Database>; open: () => Promise<DatabaseHandle>; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  const plugins = [new CamelCasePlugin({ maintainNestedObjectKeys: true })];
  if (!serverUrl) {
    const client = new PGlite();
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: client }), plugins });
    await new Migrator({ db: db.withoutPlugins(), provider: filesUpToBefore }).migrateToLatest();
    return { db, open: () => openDatabase({ pglite: client }), drop: async () => {} };
  }
  const name = `shop_before_0017_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString() }) }), plugins });
  await new Migrator({ db: db.withoutPlugins(), provider: filesUpToBefore }).migrateToLatest();
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

let counter = 0;
/** An order as the build before 0017 kept it, its payments and its refunds (in full). */
async function oldOrder(
  db: Kysely<Database>,
  order: { status: string; paymentStatus: string },
  attempts: { status: string; flag?: string }[],
  refunds: { attempt: number; status: string; minutesAgo: number }[],
): Promise<string> {
  counter += 1;
  const { id } = await db
    .insertInto("orders")
    .values({
      orderNumber: `RT-OLD${String(counter).padStart(4, "0")}`,
      accessToken: `before-0017-${counter}-${"x".repeat(16)}`,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: "DANA",
      productId: 1,
      productName: "Ubud Sun Fedora",
      size: 57,
      priceCents: 15_000,
      shippingAddress: json({
        fullName: "Made",
        email: "made@example.com",
        phone: "+62 361 000",
        addressLine1: "Jl. Hanoman 2",
        city: "Ubud",
        state: "Bali",
        postalCode: "80571",
        country: "Indonesia",
      }),
      deliveryOption: "LION_PARCEL",
      deliveryCostCents: 1_000,
      totalCents: 16_000,
      usdToIdrRate: "16000.00",
      totalIdr: 2_560_000,
      locale: "en",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  for (const [i, a] of attempts.entries()) {
    const row = await db
      .insertInto("paymentAttempts")
      .values({
        orderId: id,
        attempt: i + 1,
        method: "DANA",
        channelCode: "DANA",
        amount: 2_560_000,
        currency: "IDR",
        status: a.status,
        failureCode: null,
        xenditRequestId: `pr-before-0017-${counter}-${i}`,
        flag: a.flag ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  for (const r of refunds) {
    const at = new Date(Date.now() - r.minutesAgo * 60_000);
    // Only the columns refunds had before 0017.
    await sql`insert into refunds (order_id, payment_attempt_id, amount, currency, status, reason, created_at, updated_at)
      values (${id}, ${ids[r.attempt - 1]}, 2560000, 'IDR', ${r.status}, 'DUPLICATE', ${at}, ${at})`.execute(db);
  }
  return id;
}

describe("orders refunded before partial refunds, once migrated", () => {
  let before: Awaited<ReturnType<typeof databaseBefore0017>>;
  let handle: DatabaseHandle;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    before = await databaseBefore0017();
    const { db } = before;
    // Paid twice, then cancelled by staff; only the second payment went back: the order still holds its price.
    ids.duplicateOfCancelled = await oldOrder(
      db,
      { status: "CANCELLED", paymentStatus: "SUCCEEDED" },
      [{ status: "SUCCEEDED" }, { status: "SUCCEEDED", flag: "order already paid by another payment" }],
      [{ attempt: 2, status: "SUCCEEDED", minutesAgo: 60 }],
    );
    // Cancelled and its one payment given back: refunded.
    ids.cancelledRefunded = await oldOrder(
      db,
      { status: "CANCELLED", paymentStatus: "SUCCEEDED" },
      [{ status: "SUCCEEDED" }],
      [{ attempt: 1, status: "SUCCEEDED", minutesAgo: 60 }],
    );
    // A refund that failed, then was made again and went through: no failure left standing.
    ids.failedThenDone = await oldOrder(
      db,
      { status: "CANCELLED", paymentStatus: "SUCCEEDED" },
      [{ status: "SUCCEEDED" }],
      [
        { attempt: 1, status: "FAILED", minutesAgo: 90 },
        { attempt: 1, status: "SUCCEEDED", minutesAgo: 30 },
      ],
    );
    // One still waiting for Xendit.
    ids.pending = await oldOrder(
      db,
      { status: "PROCESSING", paymentStatus: "SUCCEEDED" },
      [{ status: "SUCCEEDED" }, { status: "SUCCEEDED", flag: "order already paid by another payment" }],
      [{ attempt: 2, status: "PENDING", minutesAgo: 10 }],
    );
    handle = await before.open();
    useDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
    await before?.drop();
  });

  const stored = async (id: string) =>
    await handle.db
      .selectFrom("orders")
      .select(["refundState", "refundedCents", "refundedIdr"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("have the state the app's rule gives them, and the rule's sums, once the refunds job has run", async () => {
    expect(await recomputeStaleRefundStates()).toBe(4);
    expect(await stored(ids.duplicateOfCancelled!)).toEqual({ refundState: null, refundedCents: 16_000, refundedIdr: 2_560_000 });
    expect(await stored(ids.cancelledRefunded!)).toEqual({ refundState: "REFUNDED", refundedCents: 16_000, refundedIdr: 2_560_000 });
    expect(await stored(ids.failedThenDone!)).toMatchObject({ refundState: "REFUNDED", refundedCents: 16_000 });
    expect(await stored(ids.pending!)).toMatchObject({ refundState: "REFUND_PENDING", refundedCents: 0 });
    for (const id of Object.values(ids)) expect((await stored(id)).refundState).toBe((await orderRefunds(id))!.money.state);
  });

  it("is done once: nothing is left to work out, and a second run changes nothing", async () => {
    expect(await recomputeStaleRefundStates()).toBe(0);
    expect(await stored(ids.duplicateOfCancelled!)).toMatchObject({ refundState: null });
  });
});
