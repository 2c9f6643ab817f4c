import { onPostgres } from "@workshop/testing/bench-databases.ts";
import autocannon from "autocannon";
import pg from "pg";
import { hashPassword } from "#server/staff/passwords.ts";
import { startApi } from "./api.ts";
import { seedOrdersSql } from "./orders-seed.ts";

const ORDERS = 10_000;
const CONNECTIONS = 16;
const TARGET_P99_MS = 50;
const BENCH_OWNER = { email: "bench-owner@workshop.test", password: "Bench-owner-password-2026" };
/** The console's address as the API knows it (ADMIN_URL): staff sign in from there. */
const CONSOLE_ORIGIN = "http://127.0.0.1:3001";

/** A signed-in staff session's cookie, through the staff API's sign-in as the console sends it. */
async function sessionCookie(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/admin/session`, {
    method: "POST",
    headers: { Origin: CONSOLE_ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify(BENCH_OWNER),
  });
  const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?staff=/.test(c));
  if (response.status !== 200 || !cookie) throw new Error(`bench sign-in failed: ${response.status}`);
  return cookie.split(";")[0]!;
}

/**
 * The staff's orders list on PostgreSQL with 10,000 orders, at 16 connections, for the first page, a
 * status filter, a search, page 500 and the dearest first: the JSON list (the staff token) and the
 * staff console's list (a signed-in session), against the target p99 of 50 ms.
 */
export async function ordersListFigures(seconds: number, staffToken: string) {
  await onPostgres("api_bench", "orders list", async (database) => {
    const api = await startApi(database, { ADMIN_API_TOKEN: staffToken, ADMIN_URL: CONSOLE_ORIGIN });
    try {
      await measure(api.origin, database.DATABASE_URL, seconds, staffToken);
    } finally {
      await api.stop();
    }
  });
}

async function measure(origin: string, url: string, seconds: number, staffToken: string) {
  // The shop has migrated its database: now the year of orders and a staff account.
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(seedOrdersSql(ORDERS));
  await db.query("insert into staff_accounts (email, name, role, locale, password_hash) values ($1, 'Bench Owner', 'owner', 'en', $2)", [
    BENCH_OWNER.email,
    await hashPassword(BENCH_OWNER.password),
  ]);
  // A year-old table has been vacuumed by autovacuum: its visibility map lets counts and the
  // search read indexes alone. Right after a bulk insert it has not, so do what autovacuum would.
  await db.query("vacuum analyze");
  await db.end();

  const cookie = await sessionCookie(origin);
  const page = { headers: { Cookie: cookie } };
  const api = { headers: { Authorization: `Bearer ${staffToken}` } };
  const cases: [string, string][] = [
    ["first page", ""],
    ["status=SHIPPED", "?status=SHIPPED"],
    ["q=smith", "?q=smith"],
    ["page=500", "?page=500"],
    ["sort=-total", "?sort=-total"],
  ];
  // What staff wait for: the JSON list (machines) and the console's list (every filter, search
  // and page link of the console asks for it).
  const kinds: [string, (query: string) => string, { headers: Record<string, string> }][] = [
    ["GET /api/orders", (query) => `/api/orders${query}`, api],
    // The staff console's list (a signed-in session); its smallest page size reaches page 500.
    ["GET /api/admin/orders", (query) => `/api/admin/orders${query.replace("page=500", "size=10&page=500")}`, page],
  ];
  console.log(
    `\norders list on PostgreSQL, ${ORDERS.toLocaleString("en")} orders: ${CONNECTIONS} connections, ${seconds} s each (target p99 <= ${TARGET_P99_MS} ms)\n`,
  );
  for (const [kind, pathOf, request] of kinds) {
    for (const [label, query] of cases) {
      const target = pathOf(query);
      const check = await fetch(origin + target, request);
      if (check.status !== 200) throw new Error(`${target} answered ${check.status}`);
      await autocannon({ url: origin + target, connections: CONNECTIONS, duration: 2, ...request });
      const r = await autocannon({ url: origin + target, connections: CONNECTIONS, duration: seconds, ...request });
      const bad = r.errors + r.non2xx;
      const verdict = r.latency.p99 <= TARGET_P99_MS && !bad ? "met" : "NOT met";
      console.log(
        `${`${kind}, ${label}`.padEnd(38)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms${bad ? `   (${bad} errors or non-2xx)` : ""}   ${verdict}`,
      );
    }
  }
}
