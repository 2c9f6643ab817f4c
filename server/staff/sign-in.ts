import { eq, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import { rateLimits, staffAccounts } from "#server/db/schema.ts";
import { clientKey } from "#server/http/rate-limits.ts";
import { decoyHash, verifyPassword } from "./passwords.ts";
import { startSession } from "./sessions.ts";

/** After this many failed sign-ins in the window, per account and per client address, sign-in waits. */
export const SIGN_IN_FAILURES = 10;
const SIGN_IN_WINDOW_SECONDS = 15 * 60;

export type SignInResult =
  | { ok: true; sessionId: string; staffId: number; locale: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "limited"; retryAfter: number };

const accountKey = (email: string) => `sign-in:account:${email}`;
const addressKey = (ip: string | null) => `sign-in:address:${clientKey(ip ?? undefined)}`;

/**
 * Checks an e-mail and password. Failures are counted in the database (table rate_limits), per
 * account and per client address, so the limit holds across instances. The answer is the same
 * for an unknown e-mail, a disabled account and a wrong password, and costs the same time: an
 * unknown e-mail is verified against a decoy hash.
 */
export async function signIn(input: {
  email: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
}): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase().slice(0, 254);
  // No account's e-mail has control characters (lib/validation/staff.ts): nothing to check or count.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
  if (/[\u0000-\u001f\u007f]/.test(email)) return { ok: false, reason: "invalid" };
  const keys = [accountKey(email), addressKey(input.ip)];
  // Every attempt is counted before the password is checked, in one statement: attempts sent in
  // parallel each see the count of those before them, so no burst gets more than the limit checked.
  const waited = await countAttempt(keys);
  if (waited > 0) return { ok: false, reason: "limited", retryAfter: waited };

  const db = await getDb();
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email)).limit(1);
  const matches = await verifyPassword(account?.passwordHash ?? (await decoyHash()), input.password.slice(0, 1024));
  const actor = { staffId: account?.id ?? null, label: account?.email ?? "unknown", role: "staff" as const, ip: input.ip };

  if (!account || !matches || account.disabledAt) {
    await recordAudit({
      actor,
      action: "sign-in-failed",
      recordType: "staff",
      recordId: account?.id,
      // Who was tried, as typed (an attacker's guesses are worth seeing), never the password.
      label: account?.email ?? `unknown: ${email.slice(0, 100)}`,
      after: account?.disabledAt ? { reason: "disabled" } : { reason: "wrong e-mail or password" },
    });
    return { ok: false, reason: "invalid" };
  }

  // A good sign-in was no failure: the account's count starts again, the address's gives this one back.
  await db.delete(rateLimits).where(eq(rateLimits.key, keys[0]!));
  await db
    .update(rateLimits)
    .set({ points: sql`greatest(0, ${rateLimits.points} - 1)` })
    .where(eq(rateLimits.key, keys[1]!));
  const session = await startSession(account.id, { ip: input.ip, userAgent: input.userAgent });
  await recordAudit({ actor, action: "sign-in", recordType: "staff", recordId: account.id });
  return { ok: true, sessionId: session.id, staffId: account.id, locale: account.locale };
}

/**
 * A password typed on a page other than sign-in (changing one's own password) is a guess like any
 * other: it counts against the account's limit, and the answer says how long to wait (0: go on).
 */
export function countPasswordCheck(email: string): Promise<number> {
  return countAttempt([accountKey(email)]);
}

/** The right password was given: the account's failures start again. */
export async function clearPasswordChecks(email: string): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(eq(rateLimits.key, accountKey(email)));
}

/**
 * Counts one attempt on each key (a window of 15 minutes from its first attempt) and answers the
 * seconds to wait when a key is over the limit (0: go on). A refused attempt is counted too.
 */
async function countAttempt(keys: string[]): Promise<number> {
  const db = await getDb();
  const rows = await db
    .insert(rateLimits)
    .values(keys.map((key) => ({ key, points: 1, expire: sql`now() + make_interval(secs => ${SIGN_IN_WINDOW_SECONDS})` })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`case when ${rateLimits.expire} <= now() then 1 else ${rateLimits.points} + 1 end`,
        expire: sql`case when ${rateLimits.expire} <= now() then excluded.expire else ${rateLimits.expire} end`,
      },
    })
    .returning({
      points: rateLimits.points,
      seconds: sql<number>`greatest(0, extract(epoch from ${rateLimits.expire} - now()))::float8`,
    });
  const over = rows.filter((r) => r.points > SIGN_IN_FAILURES);
  return over.length ? Math.max(1, Math.ceil(Math.max(...over.map((r) => Number(r.seconds))))) : 0;
}
