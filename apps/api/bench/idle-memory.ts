import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { memoryOf } from "@workshop/testing/process-memory.ts";
import pg from "pg";

type Start = (command: string[], env: NodeJS.ProcessEnv, ready: string) => Promise<ChildProcess>;

/** What a visitor's first minutes ask of the shop: its pages in both languages, the feed, the API. */
const PAGES = [
  "/",
  "/products",
  "/products/1",
  "/products/5",
  "/custom",
  "/about",
  "/contact",
  "/ru/products",
  "/api/products",
  "/sitemap.xml",
];
const ROUNDS = 20;
const SETTLE_MS = 10_000;

/**
 * The shop's resident memory at rest after its pages were each asked for 20 times, on the embedded
 * PGlite and on PostgreSQL: the figure the processes of a split shop are held to (the API and the
 * storefront together, against this one process).
 */
export async function idleMemoryFigures(start: Start, postgresServer: string, port: number) {
  console.log(`\nidle memory of the shop process after ${ROUNDS} rounds of ${PAGES.length} pages, ${SETTLE_MS / 1000} s at rest (RSS)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-memory-"));
  try {
    console.log(`  PGlite       ${(await measure(start, port, { DATA_DIR: dataDir, DATABASE_URL: "" })).toFixed(0)} MB`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const admin = new pg.Client({ connectionString: `${postgresServer}/postgres` });
  try {
    await admin.connect();
  } catch {
    console.log(`  PostgreSQL   skipped, no server at ${postgresServer} (set BENCH_POSTGRES_URL)`);
    return;
  }
  const name = `shop_bench_memory_${Date.now()}`;
  const pgDataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-memory-"));
  try {
    await admin.query(`create database ${name}`);
    const rss = await measure(start, port, { DATA_DIR: pgDataDir, DATABASE_URL: `${postgresServer}/${name}` });
    console.log(`  PostgreSQL   ${rss.toFixed(0)} MB`);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}

async function measure(start: Start, port: number, env: NodeJS.ProcessEnv): Promise<number> {
  const shop = await start(["src/main.ts"], { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env }, "Shop running at");
  try {
    const origin = `http://127.0.0.1:${port}`;
    for (let round = 0; round < ROUNDS; round++) await Promise.all(PAGES.map(async (page) => (await fetch(origin + page)).arrayBuffer()));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return memoryOf(shop.pid!).rss;
  } finally {
    shop.kill("SIGTERM");
    await new Promise((resolve) => shop.once("exit", resolve));
  }
}
