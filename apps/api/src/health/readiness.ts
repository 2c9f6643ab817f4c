import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import { pendingMigrations } from "#server/db/migrate.ts";
import { storage } from "#server/media/storage.ts";
import { PRIVATE_PREFIX } from "#server/media/storage-types.ts";

/** What must work before this instance takes customers: each part's check, in order. */
const checks = {
  /** The database answers a query. */
  database: async () => {
    await sql`select 1`.execute(await getDb());
  },
  /** Every migration of this build is applied (another instance may still be applying them). */
  migrations: async () => {
    const pending = await pendingMigrations((await getDb()).withoutPlugins());
    if (pending.length > 0) throw new Error(`not applied: ${pending.join(", ")}`);
  },
  /** Files can be written and removed (disk or the S3 bucket). */
  storage: async () => {
    const key = `${PRIVATE_PREFIX}readiness/${randomUUID()}.txt`;
    await storage().put(key, Buffer.from("ready"), "text/plain");
    await storage().delete(key);
  },
};

type Part = keyof typeof checks;
export type Readiness = { ready: boolean; failing: Part[] };

const TIMEOUT_MS = 3_000;

function withinTimeout(check: () => Promise<void>): Promise<void> {
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref()),
  ]);
}

/** Runs every check; a failing part is logged with its reason through `warn`, and named in the answer. */
async function checkAll(warn: (message: string) => void): Promise<Readiness> {
  const parts = Object.keys(checks) as Part[];
  const results = await Promise.allSettled(parts.map((part) => withinTimeout(checks[part])));
  const failing = parts.filter((part, i) => {
    const result = results[i]!;
    if (result.status === "rejected")
      warn(`not ready: ${part}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`);
    return result.status === "rejected";
  });
  return { ready: failing.length === 0, failing };
}

/**
 * Whether this instance is ready, checked at most once a second however often it is asked
 * (probes, or a client calling it a thousand times a minute): callers within that second share one run.
 */
let last: { at: number; result: Promise<Readiness> } | undefined;
export function readiness(warn: (message: string) => void): Promise<Readiness> {
  const now = Date.now();
  if (!last || now - last.at >= 1_000) last = { at: now, result: checkAll(warn) };
  return last.result;
}
