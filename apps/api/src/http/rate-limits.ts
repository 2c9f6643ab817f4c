import { clientKey } from "@workshop/http/client-ip.ts";
import { sql } from "kysely";
import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import { config } from "#server/config.ts";
import { batched } from "#server/db/batched.ts";
import { getDb } from "#server/db/client.ts";
import type { Caller } from "./caller.ts";

/**
 * Rate limits on writes, per client, counted in the database (table rate_limits) so that every
 * instance shares them, on PGlite and PostgreSQL alike (docs/decisions/011). Each route names the
 * limit it counts against in its config (`rateLimit`, plugins/rate-limits.ts); a refused request
 * gets 429 `{error}` with Retry-After. Limits and their defaults: config.ts and docs/configuration.md.
 */
export type LimitName =
  | "orders"
  | "payments"
  | "contact"
  | "customOrders"
  | "referencePhotos"
  | "uploads"
  | "aiJobs"
  | "writes"
  | "mediaSizes"
  | "linkMisses"
  | "webhooks";

export { clientKey };

/** Who sent a request that reached a route (its address as the web server judged it, TRUST_PROXY). */
export const clientOf = (request: Pick<Caller, "ip">): string => clientKey(request.ip);

type Limit = { points: number; seconds: number };

function limitFor(name: LimitName): Limit {
  const c = config();
  return {
    orders: c.RATE_LIMIT_ORDERS,
    payments: c.RATE_LIMIT_PAYMENTS,
    contact: c.RATE_LIMIT_CONTACT,
    customOrders: c.RATE_LIMIT_CUSTOM_ORDERS,
    referencePhotos: c.RATE_LIMIT_REFERENCE_PHOTOS,
    uploads: c.RATE_LIMIT_UPLOADS,
    aiJobs: c.RATE_LIMIT_AI_JOBS,
    writes: c.RATE_LIMIT_WRITES,
    mediaSizes: c.RATE_LIMIT_MEDIA_SIZES,
    linkMisses: c.RATE_LIMIT_LINK_MISSES,
    webhooks: c.RATE_LIMIT_WEBHOOKS,
  }[name];
}

type Hit = { key: string; seconds: number };
type Count = { used: number; msLeft: number };

/**
 * Counts hits in the database, the hits of one moment together (group commit, src/db/batched.ts):
 * one upsert for all their keys, so a burst of writes costs one commit, not one each. A key's
 * window starts at its first hit and lasts its limit's seconds, on the database's clock.
 */
const countHits = batched(async (hits: Hit[]): Promise<Count[]> => {
  const perKey = new Map<string, { seconds: number; n: number }>();
  for (const { key, seconds } of hits) {
    const entry = perKey.get(key) ?? { seconds, n: 0 };
    entry.n++;
    perKey.set(key, entry);
  }
  const db = await getDb();
  const rows = await db
    .insertInto("rateLimits")
    .values([...perKey].map(([key, { seconds, n }]) => ({ key, points: n, expire: sql<Date>`now() + make_interval(secs => ${seconds})` })))
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        points: sql<number>`case when "rate_limits"."expire" <= now() then excluded.points else "rate_limits"."points" + excluded.points end`,
        expire: sql<Date>`case when "rate_limits"."expire" <= now() then excluded.expire else "rate_limits"."expire" end`,
      }),
    )
    .returning(["key", "points", sql<number>`(extract(epoch from "rate_limits"."expire" - now()) * 1000)::float8`.as("msLeft")])
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  // Within one run, the hits of a key are numbered in arrival order.
  const seen = new Map<string, number>();
  return hits.map(({ key }) => {
    const row = byKey.get(key)!;
    const before = seen.get(key) ?? 0;
    seen.set(key, before + 1);
    return { used: row.points - perKey.get(key)!.n + before + 1, msLeft: Number(row.msLeft) };
  });
});

// Counters whose window ended an hour ago are no longer needed.
let sweeping = false;
function sweepLater(): void {
  if (sweeping) return;
  sweeping = true;
  setInterval(() => {
    void getDb()
      .then((db) => db.deleteFrom("rateLimits").where(sql<boolean>`"rate_limits"."expire" < now() - interval '1 hour'`).execute())
      .catch((error: unknown) => console.error("rate limits: old counters not removed:", error));
  }, 10 * 60_000).unref();
}

// While the database cannot answer, each instance counts on its own rather than letting everything through.
const fallbacks = new Map<LimitName, RateLimiterMemory>();

/** Seconds until the client may try again, or null when this hit is within its limit. */
export async function refusal(name: LimitName, client: string): Promise<number | null> {
  const limit = limitFor(name);
  sweepLater();
  try {
    const { used, msLeft } = await countHits({ key: `${name}:${client}`, seconds: limit.seconds });
    return used <= limit.points ? null : Math.max(1, Math.ceil(msLeft / 1000));
  } catch (error) {
    console.error(`rate limits: counting in memory, the database did not answer (${String(error)})`);
    let memory = fallbacks.get(name);
    if (!memory) fallbacks.set(name, (memory = new RateLimiterMemory({ points: limit.points, duration: limit.seconds })));
    return memory.consume(client).then(
      () => null,
      (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    );
  }
}

/**
 * Seconds until the client may try again when it has already used every point of its window,
 * without counting this request; null otherwise (and when the database cannot answer: the
 * counting step still limits).
 */
export async function pastLimit(name: LimitName, client: string): Promise<number | null> {
  const limit = limitFor(name);
  try {
    const db = await getDb();
    const row = await db
      .selectFrom("rateLimits")
      .select(["rateLimits.points", sql<number>`(extract(epoch from "rate_limits"."expire" - now()) * 1000)::float8`.as("msLeft")])
      .where(sql<boolean>`"rate_limits"."key" = ${`${name}:${client}`} and "rate_limits"."expire" > now()`)
      .executeTakeFirst();
    return row && row.points >= limit.points ? Math.max(1, Math.ceil(Number(row.msLeft) / 1000)) : null;
  } catch (error) {
    console.error(`rate limits: ${name} not checked, the database did not answer (${String(error)})`);
    return null;
  }
}

/**
 * A private-link page's token found nothing: counted against the client's unknown links
 * (RATE_LIMIT_LINK_MISSES). Past the limit, rateLimit refuses those pages before any lookup or
 * render, so guessing tokens costs the shop little; real customers follow links that exist.
 */
export async function countLinkMiss(request: Pick<Caller, "ip">): Promise<void> {
  await refusal("linkMisses", clientOf(request));
}
