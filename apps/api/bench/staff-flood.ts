import { randomBytes } from "node:crypto";
import { type BenchDatabase, onPostgres, PGLITE } from "@workshop/testing/bench-databases.ts";
import autocannon from "autocannon";
import pg from "pg";
import { hashPassword } from "#server/staff/passwords.ts";
import { type Api, startApi } from "./api.ts";
import { seedOrdersSql } from "./orders-seed.ts";

const FLOOD_CONNECTIONS = 32;
/** A customer's product read under a flood may take at most this many times its idle p99. */
const TARGET_RATIO = 2;
const ORDERS = 10_000;
const OWNER = { email: "flood-owner@workshop.test", password: "Flood-owner-password-2026" };
const CONSOLE_ORIGIN = "http://127.0.0.1:3001";

/**
 * One client floods the staff API on 32 connections while a customer reads products on one: the
 * customer's p99 against its idle p99, measured just before on the same API. The floods: anonymous
 * staff reads with made-up session cookies (on PGlite and PostgreSQL), and, on PostgreSQL with
 * 10,000 orders, a signed-in owner's orders CSV and products export.
 */
export async function staffFloodFigures(seconds: number) {
  console.log(
    `\nstaff floods (${FLOOD_CONNECTIONS} connections, one client) against a customer's product reads (1 connection), ${seconds} s each:`,
  );
  await onDatabase(PGLITE, seconds);
  await onPostgres("api_bench", "staff floods", (database) => onDatabase(database, seconds));
}

async function onDatabase(database: BenchDatabase, seconds: number) {
  // A made-up cookie of the real one's shape, as the issue's attacker sent.
  await withApi(database, seconds, "anonymous", [
    { path: "/api/admin/orders", cookie: `staff=${randomBytes(32).toString("base64url")}`, target: true },
  ]);
  if (!database.DATABASE_URL) return;
  // A new API: the flood's client is past its limit of misses on the first, and the owner signs in from it too.
  await seedOrdersAndOwner(database.DATABASE_URL);
  await withApi(database, seconds, "the owner's", [
    { path: "/api/admin/orders.csv", cookie: SIGNED_IN, target: false },
    { path: "/api/products/export?format=csv", cookie: SIGNED_IN, target: false },
  ]);
}

/**
 * A flood's path and cookie (SIGNED_IN: the owner's session on the API at hand); `target`: held to
 * TARGET_RATIO (anonymous floods; a signed-in owner's downloads are real work, their ratio is shown).
 */
type Flood = { path: string; cookie: string; target: boolean };
const SIGNED_IN = "";

async function withApi(database: BenchDatabase, seconds: number, who: string, floods: Flood[]) {
  const api = await startApi(database, { ADMIN_URL: CONSOLE_ORIGIN });
  try {
    const ids = ((await (await fetch(`${api.origin}/api/products`)).json()) as { id: number }[]).map((p) => p.id);
    await customerReads(api, ids, 2);
    const idle = await customerReads(api, ids, seconds);
    report(`${database.label}: idle`, idle, idle);
    for (const flood of floods) {
      const cookie = flood.cookie === SIGNED_IN ? await signIn(api) : flood.cookie;
      // In a thread of its own: the customer's timings must not include the flood's own client.
      const flooding = autocannon({
        url: api.origin + flood.path,
        connections: FLOOD_CONNECTIONS,
        headers: { cookie },
        duration: seconds + 2,
        workers: 1,
      });
      // The flood runs a second before and after the customer's reads.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const read = await customerReads(api, ids, seconds);
      report(`${database.label}: ${who} GET ${flood.path}`, read, idle, { result: await flooding, target: flood.target });
    }
  } finally {
    await api.stop();
  }
}

type Reads = { p50: number; p99: number; count: number; bad: number };

/** One customer reading random products one after the other for `seconds`, timed to the microsecond. */
async function customerReads(api: Api, ids: number[], seconds: number): Promise<Reads> {
  const times: number[] = [];
  let bad = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const response = await fetch(`${api.origin}/api/products/${ids[Math.floor(Math.random() * ids.length)]}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) bad++;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99), count: times.length, bad };
}

function report(label: string, read: Reads, idle: Reads, flood?: { result: autocannon.Result; target: boolean }) {
  const ratio = read.p99 / idle.p99;
  const met = ratio <= TARGET_RATIO && !read.bad ? "met" : "NOT met";
  const verdict = flood ? `   p99/idle p99 ${ratio.toFixed(2)}${flood.target ? ` (target <= ${TARGET_RATIO}) ${met}` : ""}` : "";
  const statuses = flood ? `   flood: ${flood.result.requests.average.toFixed(0)} req/s, ${statusCounts(flood.result)}` : "";
  console.log(
    `  ${label.padEnd(60)} customer p50 ${read.p50.toFixed(2).padStart(6)} ms   p99 ${read.p99.toFixed(2).padStart(7)} ms${read.bad ? `   (${read.bad} non-200)` : ""}${verdict}${statuses}`,
  );
}

const statusCounts = (r: autocannon.Result) =>
  Object.entries(r.statusCodeStats as Record<string, { count: number }>)
    .map(([status, { count }]) => `${count} × ${status}`)
    .join(", ");

/** A year of orders and an owner, who signs in on each API as the console does (signIn). */
async function seedOrdersAndOwner(url: string): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(seedOrdersSql(ORDERS));
  await db.query("insert into staff_accounts (email, name, role, locale, password_hash) values ($1, 'Flood Owner', 'owner', 'en', $2)", [
    OWNER.email,
    await hashPassword(OWNER.password),
  ]);
  await db.query("vacuum analyze");
  await db.end();
}

async function signIn(api: Api): Promise<string> {
  const response = await fetch(`${api.origin}/api/admin/session`, {
    method: "POST",
    headers: { Origin: CONSOLE_ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify(OWNER),
  });
  const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?staff=/.test(c));
  if (response.status !== 200 || !cookie) throw new Error(`bench sign-in failed: ${response.status}`);
  return cookie.split(";")[0]!;
}
