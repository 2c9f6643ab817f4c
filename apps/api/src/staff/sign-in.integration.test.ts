import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEntries } from "#server/audit/log.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { callerWith } from "#test-support/cookies.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { requireStaffApi, staffOf } from "./guard.ts";
import { hashPassword } from "./passwords.ts";
import { endSessionsOf, hashSessionId, SESSION_IDLE_MS, SESSION_MAX_MS, sessionOf, sweepStaleSessions } from "./sessions.ts";
import { ACCOUNT_DELAY_MAX_MS, ACCOUNT_DELAY_STEP_MS, ACCOUNT_SLOW_AFTER, SIGN_IN_FAILURES, signIn } from "./sign-in.ts";

let database: DatabaseHandle;
let ownerId: number;
const password = "Kintamani-felt-fedora-77";
/** The staff console's origin by default (ADMIN_PORT 3001): the shop's (3000) is no staff origin. */
const origin = "http://localhost:3001";

beforeAll(async () => {
  database = await freshDatabase();
  const row = await database.db
    .insertInto("staffAccounts")
    .values({ email: "wayan@workshop.test", name: "Wayan", role: "owner", locale: "ru", passwordHash: await hashPassword(password) })
    .returningAll()
    .executeTakeFirst();
  ownerId = row!.id;
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.deleteFrom("rateLimits").execute();
  await database.db.updateTable("staffAccounts").set({ disabledAt: null }).execute();
});

const attempt = (email: string, pw: string, ip = "203.0.113.7") => signIn({ email, password: pw, ip, userAgent: "test" });
const requestWith = (sessionId: string | null, init: { method?: string; headers?: Record<string, string> } = {}) =>
  callerWith(
    { ...init.headers, ...(sessionId ? { cookie: `lang=en; staff=${sessionId}` } : {}) },
    { method: init.method, ip: "198.51.100.9" },
  );

describe("signing in", () => {
  it("starts a session for the right password, e-mail in any case, and stores only the id's hash", async () => {
    const result = await attempt("  WAYAN@workshop.test ", password);
    expect(result).toMatchObject({ ok: true, staffId: ownerId, locale: "ru" });
    if (!result.ok) return;
    const rows = await database.db.selectFrom("staffSessions").selectAll().where("staffId", "=", ownerId).execute();
    expect(rows.map((r) => r.idHash)).toContain(hashSessionId(result.sessionId));
    expect(rows.some((r) => r.idHash === result.sessionId)).toBe(false);
    expect((await sessionOf(result.sessionId))?.staff.email).toBe("wayan@workshop.test");
  });

  it("answers the same for a wrong password, an unknown e-mail and a disabled account", async () => {
    expect(await attempt("wayan@workshop.test", "wrong-password-123")).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt("nobody@workshop.test", password)).toEqual({ ok: false, reason: "invalid" });
    await database.db.updateTable("staffAccounts").set({ disabledAt: new Date() }).execute();
    expect(await attempt("wayan@workshop.test", password)).toEqual({ ok: false, reason: "invalid" });
  });

  it("takes as long for an unknown e-mail as for a wrong password (both verify an argon2id hash)", async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await attempt(email, "not-the-password-1", `192.0.2.${Math.floor(Math.random() * 200)}`);
      return performance.now() - started;
    };
    await time("nobody@workshop.test"); // the decoy hash is made once
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time("wayan@workshop.test"));
      unknown.push(await time(`nobody${i}@workshop.test`));
    }
    await database.db.deleteFrom("rateLimits").execute();
    // The fastest of each: a busy machine only ever adds time, so the minimum is the work itself.
    // An account lookup that skipped hashing would answer in well under a tenth of the time.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
  });

  it(`refuses the ${SIGN_IN_FAILURES + 1}th try after ${SIGN_IN_FAILURES} failures from one address on one account, even with the right password`, async () => {
    for (let i = 0; i < SIGN_IN_FAILURES; i++)
      expect((await attempt("wayan@workshop.test", `guess-${i}-xxxxxxx`, "10.0.0.1")).ok).toBe(false);
    const limited = await attempt("wayan@workshop.test", password, "10.0.0.1");
    expect(limited).toMatchObject({ ok: false, reason: "limited" });
    if (!limited.ok && limited.reason === "limited") {
      expect(limited.retryAfter).toBeGreaterThan(14 * 60);
      expect(limited.retryAfter).toBeLessThanOrEqual(15 * 60);
    }
  });

  it("lets the right person in from their own address while others flood the account with wrong passwords", async () => {
    // One address guesses until it is refused, eleven more try once each: the account has 21 failures.
    for (let i = 0; i < SIGN_IN_FAILURES; i++) await attempt("wayan@workshop.test", `guess-${i}-xxxxxxx`, "10.0.0.1");
    for (let i = 2; i <= 12; i++)
      expect(await attempt("wayan@workshop.test", `guess-${i}-yyyyyyy`, `10.0.0.${i}`)).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt("wayan@workshop.test", password, "10.0.0.1")).toMatchObject({ ok: false, reason: "limited" });
    expect(await attempt("wayan@workshop.test", password, "198.51.100.200")).toMatchObject({ ok: true, staffId: ownerId });
    // The flooding address is still refused, the right password too.
    expect(await attempt("wayan@workshop.test", password, "10.0.0.1")).toMatchObject({ ok: false, reason: "limited" });
  });

  it(`slows down, never refuses, the sign-ins of an account past ${ACCOUNT_SLOW_AFTER} failures from everywhere`, async () => {
    const timed = async (ip: string) => {
      const started = performance.now();
      const result = await attempt("wayan@workshop.test", password, ip);
      return { result, ms: performance.now() - started };
    };
    // As if thousands of addresses had each guessed once in this window.
    await database.db
      .insertInto("rateLimits")
      .values({ key: "sign-in:account:wayan@workshop.test", points: 5000, expire: sql<Date>`now() + interval '10 minutes'` })
      .execute();
    const slowed = await timed("198.51.100.201");
    expect(slowed.result).toMatchObject({ ok: true });
    expect(slowed.ms).toBeGreaterThanOrEqual(ACCOUNT_DELAY_MAX_MS - 5);
    // The person's good sign-in gives back only its own attempt: the flood's count stays.
    const row = await database.db
      .selectFrom("rateLimits")
      .selectAll()
      .where("key", "=", "sign-in:account:wayan@workshop.test")
      .executeTakeFirst();
    expect(row?.points).toBe(5000);
    await database.db
      .updateTable("rateLimits")
      .set({ points: ACCOUNT_SLOW_AFTER + 1 })
      .where("key", "=", "sign-in:account:wayan@workshop.test")
      .execute();
    const twoOver = await timed("198.51.100.202");
    expect(twoOver.result).toMatchObject({ ok: true });
    expect(twoOver.ms).toBeGreaterThanOrEqual(2 * ACCOUNT_DELAY_STEP_MS - 5);
  });

  it("limits one address trying many e-mails, without saying which exist", async () => {
    for (let i = 0; i < SIGN_IN_FAILURES; i++) await attempt(`someone${i}@workshop.test`, "password-guess-1", "203.0.113.50");
    expect(await attempt("wayan@workshop.test", password, "203.0.113.50")).toMatchObject({ ok: false, reason: "limited" });
    // Another address is not held back by that one.
    expect((await attempt("wayan@workshop.test", password, "203.0.113.51")).ok).toBe(true);
  });

  it("checks at most 10 passwords of a burst sent at once; the rest wait", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt("wayan@workshop.test", `parallel-guess-${i}-xx`, "198.51.100.77")),
    );
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(SIGN_IN_FAILURES);
    expect(results.filter((r) => !r.ok && r.reason === "limited")).toHaveLength(30 - SIGN_IN_FAILURES);
  });

  it("gives a good sign-in back to its address: a person who signs in often is never held back", async () => {
    for (let i = 0; i < SIGN_IN_FAILURES + 5; i++) expect((await attempt("wayan@workshop.test", password, "198.51.100.78")).ok).toBe(true);
  });

  it("answers a NUL or other control character in the e-mail as a wrong sign-in, not an error", async () => {
    expect(await attempt("wayan\u0000@workshop.test", password)).toEqual({ ok: false, reason: "invalid" });
  });

  it("counts in the database, so every instance sees the same count", async () => {
    await attempt("wayan@workshop.test", "wrong-password-123");
    const row = await database.db
      .selectFrom("rateLimits")
      .selectAll()
      .where("key", "=", "sign-in:account:wayan@workshop.test")
      .executeTakeFirst();
    expect(row?.points).toBe(1);
  });

  it("writes sign-in and failed sign-in to the audit log, never the password", async () => {
    await attempt("wayan@workshop.test", "a-wrong-one-123456");
    await attempt("wayan@workshop.test", password);
    const { entries } = await auditEntries({ recordType: "staff", recordId: String(ownerId) }, 1, 5);
    expect(entries.slice(0, 2).map((e) => e.action)).toEqual(["sign-in", "sign-in-failed"]);
    expect(entries[0]).toMatchObject({ staffId: ownerId, actor: "wayan@workshop.test", ip: "203.0.113.7" });
    expect(JSON.stringify(entries)).not.toContain("a-wrong-one");
  });
});

describe("sessions", () => {
  const newSession = async () => {
    const result = await attempt("wayan@workshop.test", password);
    if (!result.ok) throw new Error("not signed in");
    return result.sessionId;
  };

  it("end after 12 idle hours and after 7 days however active", async () => {
    const id = await newSession();
    expect(await sessionOf(id, new Date(Date.now() + SESSION_IDLE_MS - 60_000))).not.toBeNull();
    expect(await sessionOf(id, new Date(Date.now() + SESSION_IDLE_MS + 60_000))).toBeNull();
    const old = await newSession();
    await database.db
      .updateTable("staffSessions")
      .set({ createdAt: sql`now() - interval '8 days'`, lastSeenAt: sql`now()` })
      .where("idHash", "=", hashSessionId(old))
      .execute();
    expect(await sessionOf(old)).toBeNull();
    expect(SESSION_MAX_MS).toBe(7 * 24 * 3_600_000);
  });

  it("end when the account is disabled, and all end on request (a password change)", async () => {
    const [a, b] = [await newSession(), await newSession()];
    await endSessionsOf(ownerId);
    expect(await sessionOf(a)).toBeNull();
    expect(await sessionOf(b)).toBeNull();
    const c = await newSession();
    expect(await sessionOf(c)).not.toBeNull();
    await database.db.updateTable("staffAccounts").set({ disabledAt: new Date() }).execute();
    expect(await sessionOf(c)).toBeNull();
  });

  it("are swept once they cannot be used", async () => {
    const id = await newSession();
    await database.db
      .updateTable("staffSessions")
      .set({ lastSeenAt: sql`now() - interval '13 hours'` })
      .where("idHash", "=", hashSessionId(id))
      .execute();
    expect(await sweepStaleSessions()).toBeGreaterThanOrEqual(1);
  });
});

describe("the guard", () => {
  it("lets JSON APIs through with the bearer token, or a session (changes: same origin, with the session's token)", async () => {
    const id = (await attempt("wayan@workshop.test", password)) as { sessionId: string };
    await expect(requireStaffApi(requestWith(id.sessionId))).resolves.toMatchObject({ staffId: ownerId });
    await expect(requireStaffApi(requestWith(null))).rejects.toMatchObject({ kind: "unauthorized" });
    const token = (await staffOf(requestWith(id.sessionId)))!.formToken;
    const patch = (headers: Record<string, string>) => requestWith(id.sessionId, { method: "PATCH", headers });
    for (const foreign of ["https://evil.example", "http://localhost:3000"])
      await expect(requireStaffApi(patch({ origin: foreign, "x-csrf-token": token })), foreign).rejects.toMatchObject({
        kind: "forbidden",
        message: "Cross-site request refused",
      });
    for (const headers of [{ origin }, { origin, "x-csrf-token": "forged" }, { origin, "x-csrf-token": "" }] as Record<string, string>[])
      await expect(requireStaffApi(patch(headers)), JSON.stringify(headers)).rejects.toMatchObject({
        kind: "forbidden",
        message: "Missing or wrong CSRF token: reload the page",
      });
    await expect(requireStaffApi(patch({ origin, "x-csrf-token": token }))).resolves.toMatchObject({ staffId: ownerId });
    await expect(requireStaffApi(patch({ "sec-fetch-site": "same-origin", "x-csrf-token": token }))).resolves.toMatchObject({
      staffId: ownerId,
    });
  });
});
