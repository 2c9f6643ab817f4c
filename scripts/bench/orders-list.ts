import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { hashPassword } from "#server/staff/passwords.ts";
import { seedOrdersSql } from "./orders-seed.ts";

const ORDERS = 10_000;
const CONNECTIONS = 16;
const TARGET_P99_MS = 50;
const BENCH_OWNER = { email: "bench-owner@workshop.test", password: "Bench-owner-password-2026" };

type Start = (command: string[], env: NodeJS.ProcessEnv, ready: string) => Promise<ChildProcess>;

/** A signed-in staff session's cookie, through the sign-in form as a browser sends it. */
async function sessionCookie(origin: string): Promise<string> {
  const response = await fetch(`${origin}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(BENCH_OWNER),
  });
  const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?staff=/.test(c));
  if (response.status !== 302 || !cookie) throw new Error(`bench sign-in failed: ${response.status}`);
  return cookie.split(";")[0]!;
}

/**
 * The staff's orders list on PostgreSQL with 10,000 orders: the page /admin/orders (a signed-in
 * session) for the first page, a status filter, a search and page 500, and the JSON list (the
 * staff token), at 16 connections; p99 against the target of 50 ms.
 */
export async function ordersListFigures(start: Start, postgresServer: string, port: number, seconds: number, staffToken: string) {
  const name = `shop_bench_orders_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${postgresServer}/postgres` });
  try {
    await admin.connect();
  } catch {
    console.log(`\norders list on PostgreSQL: skipped, no server at ${postgresServer} (set BENCH_POSTGRES_URL)`);
    return;
  }
  await admin.query(`create database ${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-orders-"));
  const url = `${postgresServer}/${name}`;
  const shop = await start(
    ["server/main.ts"],
    { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: url, ADMIN_API_TOKEN: staffToken },
    "Shop running at",
  );
  try {
    // The shop has migrated its database: now the year of orders and a staff account.
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query(seedOrdersSql(ORDERS));
    await db.query("insert into staff_accounts (email, name, role, locale, password_hash) values ($1, 'Bench Owner', 'owner', 'en', $2)", [
      BENCH_OWNER.email,
      await hashPassword(BENCH_OWNER.password),
    ]);
    await db.query("analyze");
    await db.end();

    const origin = `http://127.0.0.1:${port}`;
    const cookie = await sessionCookie(origin);
    const page = { headers: { Cookie: cookie } };
    const api = { headers: { Authorization: `Bearer ${staffToken}` } };
    const targets: [string, string, { headers: Record<string, string> }][] = [
      ["GET /admin/orders (first page)", "/admin/orders", page],
      ["GET /admin/orders?status=SHIPPED", "/admin/orders?status=SHIPPED", page],
      ["GET /admin/orders?q=smith", "/admin/orders?q=smith", page],
      ["GET /admin/orders?page=500", "/admin/orders?page=500", page],
      ["GET /api/orders (first page)", "/api/orders", api],
      ["GET /api/orders?q=customer12", "/api/orders?q=customer12", api],
    ];
    console.log(
      `\norders list on PostgreSQL, ${ORDERS.toLocaleString("en")} orders: ${CONNECTIONS} connections, ${seconds} s each (target p99 <= ${TARGET_P99_MS} ms)\n`,
    );
    for (const [label, target, request] of targets) {
      const check = await fetch(origin + target, request);
      if (check.status !== 200) throw new Error(`${target} answered ${check.status}`);
      await autocannon({ url: origin + target, connections: CONNECTIONS, duration: 2, ...request });
      const r = await autocannon({ url: origin + target, connections: CONNECTIONS, duration: seconds, ...request });
      const bad = r.errors + r.non2xx;
      console.log(
        `${label.padEnd(36)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms${bad ? `   (${bad} errors or non-2xx)` : ""}   ${r.latency.p99 <= TARGET_P99_MS && !bad ? "met" : "NOT met"}`,
      );
    }
  } finally {
    shop.kill("SIGTERM");
    await new Promise((r) => shop.once("exit", r));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
