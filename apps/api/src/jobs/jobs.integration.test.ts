import { sql } from "kysely";
import { fromPglite, PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, getDb } from "#server/db/client.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { defineJob, JOBS_SCHEMA, jobs, jobsStarted, sendJob, startJobs, stopJobs } from "./index.ts";

let database: DatabaseHandle;

const ran: { name: string; n: number; retryCount: number }[] = [];
const ranNumbers = (name: string) => ran.filter((r) => r.name === name).map((r) => r.n);
const fast = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 };

/** Reads the database inside the handler, as real jobs do. */
const echo = defineJob<{ n: number }>(
  "test-echo",
  async ({ n }, job) => {
    const db = await getDb();
    await db.selectFrom("products").select("id").limit(1).execute();
    ran.push({ name: "test-echo", n, retryCount: job.retryCount });
  },
  { work: fast },
);

const flaky = defineJob<{ n: number }>(
  "test-flaky",
  async ({ n }, job) => {
    ran.push({ name: "test-flaky", n, retryCount: job.retryCount });
    if (job.retryCount < 2) throw new Error(`attempt ${job.retryCount} fails`);
  },
  { queue: { retryLimit: 3, retryDelay: 0 }, work: fast },
);

const ticks: number[] = [];
defineJob<object>("test-tick", async () => void ticks.push(Date.now()), { schedule: { cron: "* * * * *" }, work: fast });

// Cron passes every second instead of every 30 s, so a schedule is seen within a few seconds.
const timing = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };
const wait = { timeout: 10_000, interval: 50 };

beforeAll(async () => {
  database = await freshDatabase();
  await seedCatalogIfEmpty(database.db);
});
afterAll(async () => {
  await stopJobs();
  await database.close();
});

describe("jobs", () => {
  it("starts once, runs sent jobs in their workers and retries a failing one", async () => {
    const boss = await startJobs({ boss: timing });
    expect(await startJobs()).toBe(boss);
    expect(await jobs()).toBe(boss);
    expect(jobsStarted()).toBe(true);

    await sendJob(echo, { n: 1 });
    await sendJob(flaky, { n: 1 });
    await vi.waitFor(() => expect(ranNumbers("test-echo")).toContain(1), wait);
    await vi.waitFor(() => expect(ran.filter((r) => r.name === "test-flaky").map((r) => r.retryCount)).toEqual([0, 1, 2]), wait);
  });

  it("creates a job sent inside a transaction only when the transaction commits", async () => {
    await startJobs({ boss: timing });
    await expect(
      database.db.transaction().execute(async (tx) => {
        await sendJob(echo, { n: 2 }, { tx });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await database.db.transaction().execute(async (tx) => {
      await tx.selectFrom("products").selectAll().limit(1).execute();
      await sendJob(echo, { n: 3 }, { tx });
    });
    await vi.waitFor(() => expect(ranNumbers("test-echo")).toContain(3), wait);
    expect(await (await jobs()).findJobs("test-echo", { data: { n: 2 } })).toEqual([]);
    expect(ranNumbers("test-echo")).not.toContain(2);
  });

  it("registers the schedule, fires it, and sends one job per occurrence with two instances running", async () => {
    const boss = await startJobs({ boss: timing });
    expect((await boss.getSchedules("test-tick")).map((s) => s.cron)).toEqual(["* * * * *"]);
    await vi.waitFor(() => expect(ticks.length).toBeGreaterThan(0), wait);

    // A second instance on the same database, running its own cron passes.
    const other = new PgBoss({
      schema: JOBS_SCHEMA,
      ...timing,
      supervise: false,
      ...(database.kind === "pglite"
        ? { db: fromPglite(database.pglite!), backend: "pglite" as const }
        : { connectionString: database.url!, max: 2 }),
    });
    other.on("error", () => {});
    await other.start();
    try {
      // Several passes of the two instances: the claim stamp moves once per pass.
      const stamps = new Set<string>();
      await vi.waitFor(async () => {
        const { rows } = await other.getDb().executeSql(`select cron_on::text as stamp from ${JOBS_SCHEMA}.version`);
        stamps.add(String(rows[0]?.stamp));
        expect(stamps.size).toBeGreaterThanOrEqual(4);
      }, wait);
    } finally {
      // Gracefully: a slot it had just taken is filed before it goes, not left half done.
      await other.stop({ graceful: true, timeout: 10_000 });
    }
    // A minute may turn between the two counts: its slot's job follows within a poll.
    await vi.waitFor(async () => {
      const { rows: slots } = await (await jobs())
        .getDb()
        .executeSql(
          `select singleton_on::text as slot, count(*)::int as jobs from ${JOBS_SCHEMA}.job where name = '__pgboss__send-it' and singleton_key like 'test-tick%' group by 1`,
        );
      expect(slots.length).toBeGreaterThan(0);
      for (const slot of slots) expect(slot.jobs).toBe(1);
      const { rows: created } = await (await jobs())
        .getDb()
        .executeSql(`select count(*)::int as n from ${JOBS_SCHEMA}.job where name = 'test-tick'`);
      expect(created[0].n).toBe(slots.length);
    }, wait);
  });

  it("keeps jobs in the database across a restart", async () => {
    await stopJobs();
    await stopJobs();
    expect(jobsStarted()).toBe(false);
    await expect(sendJob(echo, { n: 4 })).rejects.toThrow(/not started/);

    // A process that only sends: the job waits in the database.
    await startJobs({ work: false });
    await sendJob(echo, { n: 4 });
    await stopJobs();
    expect(ranNumbers("test-echo")).not.toContain(4);

    await startJobs({ boss: timing });
    await vi.waitFor(() => expect(ranNumbers("test-echo")).toContain(4), wait);
  });

  it("keeps working while many other queries and transactions share the database (PGlite: one connection)", async () => {
    await startJobs({ boss: timing });
    const db = await getDb();
    const numbers = Array.from({ length: 20 }, (_, i) => 100 + i);
    const queries = Array.from({ length: 300 }, (_, i) => sql`select ${i}::int as i, pg_sleep(0)`.execute(db));
    const transactions = numbers.map((n) =>
      db.transaction().execute(async (tx) => {
        await tx.selectFrom("products").selectAll().limit(1).execute();
        await sendJob(echo, { n }, { tx });
        // Holds the transaction (on PGlite: the connection) a moment while workers poll.
        await new Promise((resolve) => setTimeout(resolve, 5));
        await tx.selectFrom("products").selectAll().limit(1).execute();
      }),
    );
    const plain = numbers.map((n) => sendJob(echo, { n: n + 100 }));
    await Promise.all([...queries, ...transactions, ...plain]);
    await vi.waitFor(() => {
      const done = ranNumbers("test-echo");
      for (const n of numbers) expect(done).toEqual(expect.arrayContaining([n, n + 100]));
    }, wait);
    // And the database still answers right away.
    expect(await sql`select 1 as one`.execute(db)).toMatchObject({ rows: [{ one: 1 }] });
  });
});
