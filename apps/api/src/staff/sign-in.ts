import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import { clientKey } from "#server/http/rate-limits.ts";
import { decoyHash, verifyPassword } from "./passwords.ts";
import { startSession } from "./sessions.ts";

/**
 * After this many failed tries in the window, from one address (on any account, or on one account)
 * and on the password check of a signed-in session, the next ones are refused (429).
 */
export const SIGN_IN_FAILURES = 10;
/**
 * An account's tries from every address together are never refused: a stranger could then keep
 * its owner out. Past this many in the window, each answer waits instead, ACCOUNT_DELAY_STEP_MS more
 * per try, at most ACCOUNT_DELAY_MAX_MS.
 */
export const ACCOUNT_SLOW_AFTER = 30;
export const ACCOUNT_DELAY_STEP_MS = 250;
export const ACCOUNT_DELAY_MAX_MS = 3_000;
const SIGN_IN_WINDOW_SECONDS = 15 * 60;

export type SignInResult =
  | { ok: true; sessionId: string; staffId: number; locale: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "limited"; retryAfter: number };

const address = (ip: string | null) => clientKey(ip ?? undefined);
/** Every try on the account, from anywhere: only slows down. */
const accountKey = (email: string) => `sign-in:account:${email}`;
/** Every try from one address, on any account. */
const addressKey = (ip: string | null) => `sign-in:address:${address(ip)}`;
/** The tries on one account from one address (sign-in and the password check of a session). */
const pairKey = (email: string, ip: string | null) => `sign-in:pair:${address(ip)}:${email}`;
/** The password checks of signed-in sessions of the account, from anywhere. */
const checkKey = (email: string) => `password-check:account:${email}`;

/**
 * Checks an e-mail and password. Tries are counted in the database (table rate_limits), per
 * address, per account and address, and per account, so the limits hold across instances. The
 * answer is the same for an unknown e-mail, a disabled account and a wrong password, and costs the
 * same time: an unknown e-mail is verified against a decoy hash.
 */
export async function signIn(input: {
  email: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
}): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase().slice(0, 254);
  // No account's e-mail has control characters (@workshop/domain/validation/staff.ts): nothing to check or count.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
  if (/[\u0000-\u001f\u007f]/.test(email)) return { ok: false, reason: "invalid" };
  const [pair, byAddress, account] = [pairKey(email, input.ip), addressKey(input.ip), accountKey(email)];
  // Every attempt is counted before the password is checked, in one statement: attempts sent in
  // parallel each see the count of those before them, so no burst gets more than the limit checked.
  const counts = await countAttempt([pair, byAddress, account]);
  const waited = secondsOver(counts, [pair, byAddress]);
  if (waited > 0) return { ok: false, reason: "limited", retryAfter: waited };
  // Whatever the password: a delay only on failures would tell the right one early.
  const delay = accountDelay(counts.get(account)?.points ?? 0);
  if (delay > 0) await sleep(delay);

  const db = await getDb();
  const row = await db.selectFrom("staffAccounts").selectAll().where("email", "=", email).limit(1).executeTakeFirst();
  const matches = await verifyPassword(row?.passwordHash ?? (await decoyHash()), input.password.slice(0, 1024));
  const actor = { staffId: row?.id ?? null, label: row?.email ?? "unknown", role: "staff" as const, ip: input.ip };

  if (!row || !matches || row.disabledAt) {
    await recordAudit({
      actor,
      action: "sign-in-failed",
      recordType: "staff",
      recordId: row?.id,
      // Who was tried, as typed (an attacker's guesses are worth seeing), never the password.
      label: row?.email ?? `unknown: ${email.slice(0, 100)}`,
      after: row?.disabledAt ? { reason: "disabled" } : { reason: "wrong e-mail or password" },
    });
    return { ok: false, reason: "invalid" };
  }

  // A good sign-in was no failure: this address's count on the account starts again; the
  // address's and the account's get this one back (the account's others stay: they may be a flood).
  await db.deleteFrom("rateLimits").where("key", "=", pair).execute();
  await db
    .updateTable("rateLimits")
    .set({ points: sql`greatest(0, rate_limits.points - 1)` })
    .where("key", "in", [byAddress, account])
    .execute();
  const session = await startSession(row.id, { ip: input.ip, userAgent: input.userAgent });
  await recordAudit({ actor, action: "sign-in", recordType: "staff", recordId: row.id });
  return { ok: true, sessionId: session.id, staffId: row.id, locale: row.locale };
}

/**
 * A password typed on a page other than sign-in (changing one's own password) is a guess like any
 * other: it counts against sign-in from that address on the account, and against the account's
 * checks from signed-in sessions, which are refused past the limit from any address (only someone
 * holding a session of the account reaches them). The answer says how long to wait (0: go on).
 */
export async function countPasswordCheck(email: string, ip: string | null): Promise<number> {
  const keys = [pairKey(email, ip), checkKey(email)];
  return secondsOver(await countAttempt(keys), keys);
}

/** The right password was given: the checks of the account, and its failures from this address, start again. */
export async function clearPasswordChecks(email: string, ip: string | null): Promise<void> {
  const db = await getDb();
  await db
    .deleteFrom("rateLimits")
    .where("key", "in", [pairKey(email, ip), checkKey(email)])
    .execute();
}

/** How long an answer on an account waits, by its tries from everywhere in the window. */
function accountDelay(points: number): number {
  return Math.min(ACCOUNT_DELAY_MAX_MS, Math.max(0, points - ACCOUNT_SLOW_AFTER) * ACCOUNT_DELAY_STEP_MS);
}

type Count = { points: number; seconds: number };

/** The seconds to wait when one of `refusing` is over the limit (0: go on). */
function secondsOver(counts: Map<string, Count>, refusing: string[]): number {
  const over = refusing.map((key) => counts.get(key)).filter((c): c is Count => !!c && c.points > SIGN_IN_FAILURES);
  return over.length ? Math.max(1, Math.ceil(Math.max(...over.map((c) => c.seconds)))) : 0;
}

/**
 * Counts one attempt on each key (a window of 15 minutes from its first attempt), a refused
 * attempt too, and answers each key's count and the seconds left of its window.
 */
async function countAttempt(keys: string[]): Promise<Map<string, Count>> {
  const db = await getDb();
  const rows = await db
    .insertInto("rateLimits")
    .values(keys.map((key) => ({ key, points: 1, expire: sql<Date>`now() + make_interval(secs => ${SIGN_IN_WINDOW_SECONDS})` })))
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        points: sql`case when rate_limits.expire <= now() then 1 else rate_limits.points + 1 end`,
        expire: sql`case when rate_limits.expire <= now() then excluded.expire else rate_limits.expire end`,
      }),
    )
    .returning(["key", "points", sql<number>`greatest(0, extract(epoch from rate_limits.expire - now()))::float8`.as("seconds")])
    .execute();
  return new Map(rows.map((r) => [r.key, { points: r.points, seconds: Number(r.seconds) }]));
}
