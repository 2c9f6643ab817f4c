import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import { config } from "#server/config.ts";

/**
 * Staff requests that found no one signed in (no cookie, a made-up or ended one, a wrong machine
 * token), per client (RATE_LIMIT_STAFF_MISSES). Counted in this instance's memory, not the
 * database: counting a flood there would be the load it is meant to stop.
 */
let misses: RateLimiterMemory | undefined;
const limiter = () => {
  const { points, seconds } = config().RATE_LIMIT_STAFF_MISSES;
  misses ??= new RateLimiterMemory({ points, duration: seconds });
  return misses;
};

/** Seconds until the client's staff requests are looked at again; null while it is within its limit. */
export async function staffMissesWait(client: string): Promise<number | null> {
  const used = await limiter().get(client);
  if (!used || used.consumedPoints < config().RATE_LIMIT_STAFF_MISSES.points) return null;
  return Math.max(1, Math.ceil(used.msBeforeNext / 1000));
}

export async function countStaffMiss(client: string): Promise<void> {
  await limiter()
    .consume(client)
    .catch((_over: RateLimiterRes) => undefined);
}
