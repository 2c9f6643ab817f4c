import { setTimeout as sleep } from "node:timers/promises";
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

/**
 * How long a refused staff request waits before its 429. A flooding client's connections each
 * wait instead of asking again at once: a quick 429 costs the event loop what a 401 did, and 32
 * connections asking thousands of times a second slow every customer's read.
 */
const REFUSAL_PAUSE_MS = 1000;
/** Refusals waiting at once per instance; past it they answer at once (a pause holds a socket). */
const MAX_PAUSED = 1024;
let paused = 0;

export async function pauseBeforeRefusal(): Promise<void> {
  if (paused >= MAX_PAUSED) return;
  paused++;
  try {
    await sleep(REFUSAL_PAUSE_MS);
  } finally {
    paused--;
  }
}
