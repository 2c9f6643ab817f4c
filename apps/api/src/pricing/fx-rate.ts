import { z } from "zod";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { readCached, writeCached } from "#server/cache/shared-cache.ts";
import { config } from "#server/config.ts";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";

/**
 * The USD to IDR exchange rate (SPEC 7 and 9): read from a keyless rate source over HTTP, kept in the
 * database for an hour so every instance shares one reading, and the configured default when the
 * source fails. A reading more than 20 % from the rate in use is held back (the last good rate kept)
 * until staff confirm it or it holds for a day: a broken source cannot reprice the shop. A rate is a decimal string with two decimals ("16777.30"): money is converted with
 * it by `centsToIdr` (@workshop/domain/money.ts) in integers, never with floating point.
 */

export const FX_CACHE_KEY = "fx:USD:IDR";
const FX_CACHE_SECONDS = 3600;
const TIMEOUT_MS = 3000;
/** Readings outside 1,000–100,000 rupiah per dollar are taken for a broken source, not a rate. */
const MIN_RATE_HUNDREDTHS = 1_000_00n;
const MAX_RATE_HUNDREDTHS = 100_000_00n;
/** SPEC 9: the rate when the configured default (FX_DEFAULT_USD_IDR) is not a valid rate. */
export const LAST_RESORT_USD_IDR = "15000.00";

export type UsdIdrRate = {
  /** IDR per USD, two decimals: "16777.30". */
  rate: string;
  source: "live" | "cache" | "fallback";
  /** When the rate was read from the source; for the fallback, when it was answered. */
  fetchedAt: string;
};

/**
 * A plausible USD to IDR rate as a two-decimal string, rounded half up on its decimal digits, or
 * null: the value must be a plain decimal (a JSON number, or text like "16777.30") within
 * 1,000–100,000 after rounding.
 */
export function parseUsdIdrRate(value: number | string): string | null {
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  // A finite number in the accepted range prints without an exponent, as its shortest decimal form.
  const match = /^(\d{1,15})(?:\.(\d{1,30}))?$/.exec(typeof value === "number" ? String(value) : value.trim());
  if (!match) return null;
  const decimals = (match[2] ?? "").padEnd(3, "0");
  let hundredths = BigInt(match[1]!) * 100n + BigInt(decimals.slice(0, 2));
  if (decimals.charCodeAt(2) >= "5".charCodeAt(0)) hundredths += 1n;
  if (hundredths < MIN_RATE_HUNDREDTHS || hundredths > MAX_RATE_HUNDREDTHS) return null;
  const text = hundredths.toString();
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

let warnedAboutDefault = false;

/**
 * The rate to use when the source cannot be read: the configured FX_DEFAULT_USD_IDR ("16777.30"
 * unless set) when it is a valid rate, else 15000.00 (SPEC 9).
 */
export function fallbackUsdIdrRate(configured: string = config().FX_DEFAULT_USD_IDR): string {
  const rate = parseUsdIdrRate(configured);
  if (rate) return rate;
  if (!warnedAboutDefault) {
    warnedAboutDefault = true;
    console.warn(`FX_DEFAULT_USD_IDR "${configured}" is not a rate between 1000 and 100000; using ${LAST_RESORT_USD_IDR}`);
  }
  return LAST_RESORT_USD_IDR;
}

/** The fallback as a complete answer, stamped now. */
function fallbackRate(): UsdIdrRate {
  return { rate: fallbackUsdIdrRate(), source: "fallback", fetchedAt: new Date().toISOString() };
}

/** The answer of open.er-api.com (`result`, `base_code`) or a look-alike (`base`); only rates.IDR matters. */
const sourceAnswer = z.object({
  result: z.string().optional(),
  base_code: z.string().optional(),
  base: z.string().optional(),
  rates: z.object({ IDR: z.number() }),
});

const cachedRate = z.object({ rate: z.string(), fetchedAt: z.string() });
type StoredRate = z.infer<typeof cachedRate>;

let inFlight: Promise<UsdIdrRate> | undefined;

/** After the source failed, pages use the fallback for a minute instead of each waiting on it again. */
const SOURCE_RETRY_MS = 60_000;
let sourceDownUntil = 0;

/** A rate read from the shared cache is reused in this process for a minute: one query less per page. */
const REMEMBER_MS = 60_000;
let remembered: { answer: UsdIdrRate; until: number } | undefined;

/** Forgets what this process remembers: the last cached rate and a failure of the source. */
export function forgetRememberedRate(): void {
  sourceDownUntil = 0;
  remembered = undefined;
}

/**
 * The current USD to IDR rate: from the database cache when read within the hour, else from the
 * rate source (then cached), else the fallback. Never throws; calls made while one is under way
 * share it, so a cold cache costs one request to the source per instance.
 */
export function usdToIdrRate(): Promise<UsdIdrRate> {
  inFlight ??= currentRate().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function currentRate(): Promise<UsdIdrRate> {
  if (remembered && Date.now() < remembered.until) return remembered.answer;
  const cached = await readStoredRate();
  if (cached) {
    const answer: UsdIdrRate = { ...cached, source: "cache" };
    // So a rate may serve up to a minute past its shared hour.
    remembered = { answer, until: Date.now() + REMEMBER_MS };
    return answer;
  }
  if (Date.now() < sourceDownUntil) return fallbackRate();
  let live: StoredRate;
  try {
    live = await fetchRate();
  } catch (error) {
    sourceDownUntil = Date.now() + SOURCE_RETRY_MS;
    console.warn(`USD to IDR rate unavailable, using the default for a minute: ${messageOf(error)}`);
    // Remembered like a cached rate: for that minute no page reads the cache or waits on the source.
    const answer = fallbackRate();
    remembered = { answer, until: sourceDownUntil };
    return answer;
  }
  const kept = await judged(live);
  if (kept.source === "fallback") {
    // Held back before any rate was taken: the default, for a minute, like a failed source.
    sourceDownUntil = Date.now() + SOURCE_RETRY_MS;
    remembered = { answer: kept, until: sourceDownUntil };
    return kept;
  }
  try {
    await writeCached(FX_CACHE_KEY, { rate: kept.rate, fetchedAt: kept.fetchedAt }, FX_CACHE_SECONDS);
  } catch (error) {
    console.warn(`USD to IDR rate not cached: ${messageOf(error)}`);
  }
  return kept;
}

const PAIR = "USD:IDR";
/** A reading further than this from the rate in use is held back. */
const MAX_JUMP = 0.2;
/** A held-back reading that every reading since has kept to is taken after this long. */
export const HOLD_MS = 24 * 60 * 60 * 1000;

/** Whether two rates are within MAX_JUMP of the second. */
const near = (rate: string, from: string) => Math.abs(Number(rate) - Number(from)) <= Number(from) * MAX_JUMP;

export type RateState = { rateInUse: string; inUseSince: Date; pendingRate: string | null; pendingSince: Date | null };

/** The rate in use and a held-back reading, or null before the first reading was taken. */
export async function rateState(): Promise<RateState | null> {
  const db = await getDb();
  const row = await db.selectFrom("fxRateState").selectAll().where("pair", "=", PAIR).executeTakeFirst();
  if (!row) return null;
  const rateInUse = parseUsdIdrRate(row.rateInUse) ?? fallbackUsdIdrRate();
  return {
    rateInUse,
    inUseSince: new Date(row.inUseSince),
    pendingRate: row.pendingRate,
    pendingSince: row.pendingSince ? new Date(row.pendingSince) : null,
  };
}

async function saveState(rateInUse: string, inUseSince: Date, pendingRate: string | null, pendingSince: Date | null): Promise<void> {
  const db = await getDb();
  const values = { rateInUse, inUseSince, pendingRate, pendingSince };
  await db
    .insertInto("fxRateState")
    .values({ pair: PAIR, ...values })
    .onConflict((oc) => oc.column("pair").doUpdateSet(values))
    .execute();
}

/**
 * The reading to use, or the rate in use when the reading jumped more than 20 % from it (before any
 * reading: from the configured default). A held-back reading is taken once every reading for a day
 * kept within 20 % of it; a reading near the rate in use again forgets it.
 */
async function judged(reading: StoredRate): Promise<UsdIdrRate> {
  let state: RateState | null;
  try {
    state = await rateState();
  } catch (error) {
    console.warn(`USD to IDR rate's state unreadable, the reading taken as it is: ${messageOf(error)}`);
    return { ...reading, source: "live" };
  }
  const inUse = state?.rateInUse ?? fallbackUsdIdrRate();
  const now = new Date();
  const holding = state?.pendingRate && state.pendingSince && near(reading.rate, state.pendingRate) ? state.pendingSince : null;
  if (near(reading.rate, inUse) || (holding && now.getTime() - holding.getTime() >= HOLD_MS)) {
    if (holding) console.warn(`USD to IDR rate ${reading.rate} has held since ${holding.toISOString()}: taken in place of ${inUse}`);
    await saveState(reading.rate, now, null, null).catch((error: unknown) => console.warn(`USD to IDR rate not kept: ${messageOf(error)}`));
    return { ...reading, source: "live" };
  }
  const since = holding ?? now;
  console.warn(
    `USD to IDR rate ${reading.rate} from the source is more than 20 % from ${inUse} in use: not taken until staff confirm it or it holds for a day (since ${since.toISOString()})`,
  );
  await saveState(inUse, state?.inUseSince ?? now, reading.rate, since).catch((error: unknown) =>
    console.warn(`USD to IDR rate's held-back reading not kept: ${messageOf(error)}`),
  );
  return state
    ? { rate: inUse, source: "cache", fetchedAt: state.inUseSince.toISOString() }
    : { rate: inUse, source: "fallback", fetchedAt: now.toISOString() };
}

/**
 * Staff take the held-back reading `rate` (the one they were shown): it becomes the rate in use at
 * once, for every instance within a minute, and the audit log says who took it. 409 when no
 * reading is held back or another one is by now.
 */
export async function confirmHeldRate(actor: Actor, rate: string): Promise<RateState> {
  const db = await getDb();
  const taken = await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom("fxRateState").selectAll().where("pair", "=", PAIR).forUpdate().executeTakeFirst();
    if (!row?.pendingRate) throw new AppError("conflict", "No exchange rate is waiting for confirmation.");
    if (row.pendingRate !== rate)
      throw new AppError("conflict", `The rate waiting for confirmation is now ${row.pendingRate}: reload the page.`);
    const now = new Date();
    await tx
      .updateTable("fxRateState")
      .set({ rateInUse: rate, inUseSince: now, pendingRate: null, pendingSince: null })
      .where("pair", "=", PAIR)
      .execute();
    await recordAudit(
      {
        actor,
        action: "exchange-rate-confirmed",
        recordType: "exchange-rate",
        recordId: PAIR,
        before: { rate: row.rateInUse },
        after: { rate },
      },
      tx,
    );
    return now;
  });
  await writeCached(FX_CACHE_KEY, { rate, fetchedAt: taken.toISOString() }, FX_CACHE_SECONDS);
  forgetRememberedRate();
  return { rateInUse: rate, inUseSince: taken, pendingRate: null, pendingSince: null };
}

async function readStoredRate(): Promise<StoredRate | null> {
  try {
    const parsed = cachedRate.safeParse(await readCached<unknown>(FX_CACHE_KEY));
    if (!parsed.success) return null;
    const rate = parseUsdIdrRate(parsed.data.rate);
    return rate ? { rate, fetchedAt: parsed.data.fetchedAt } : null;
  } catch (error) {
    console.warn(`USD to IDR rate cache unreadable: ${messageOf(error)}`);
    return null;
  }
}

async function fetchRate(): Promise<StoredRate> {
  // The signal also bounds reading the body, so a source that stalls mid-answer is cut off too.
  const response = await fetch(config().FX_RATE_URL, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`rate source answered ${response.status}`);
  }
  const parsed = sourceAnswer.safeParse(await response.json());
  if (!parsed.success) throw new Error("rate source answered without a numeric rates.IDR");
  const body = parsed.data;
  if (body.result !== undefined && body.result !== "success") throw new Error(`rate source answered result "${body.result}"`);
  const base = body.base_code ?? body.base;
  if (base !== undefined && base.toUpperCase() !== "USD") throw new Error(`rate source answered for base ${base}, not USD`);
  const rate = parseUsdIdrRate(body.rates.IDR);
  if (!rate) throw new Error(`rate source answered an implausible IDR rate: ${body.rates.IDR}`);
  return { rate, fetchedAt: new Date().toISOString() };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
