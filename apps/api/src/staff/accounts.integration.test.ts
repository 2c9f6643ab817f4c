import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/audit/actor.ts";
import { auditEntries } from "#server/audit/log.ts";
import { type DatabaseHandle, getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import {
  accountByEmail,
  accountById,
  changeOwnPassword,
  createAccount,
  disableAccount,
  enableAccount,
  listAccounts,
  setLocale,
  setPassword,
  staffProblemOf,
} from "./accounts.ts";
import { verifyPassword } from "./passwords.ts";
import { hashSessionId, sessionOf } from "./sessions.ts";
import { signIn } from "./sign-in.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const system: Actor = { staffId: null, label: "system", role: "system", ip: null };
const ownerActor = (id: number, email: string): Actor => ({ staffId: id, label: email, role: "owner", ip: "203.0.113.7" });
let n = 0;
const uniqueEmail = (name: string) => `${name}-${++n}@rumahtopi.test`;

async function addSession(staffId: number): Promise<string> {
  const idHash = randomBytes(16).toString("hex");
  const db = await getDb();
  await db
    .insertInto("staffSessions")
    .values({ idHash, staffId, formToken: randomBytes(8).toString("hex") })
    .execute();
  return idHash;
}
async function sessionsOf(staffId: number): Promise<string[]> {
  const db = await getDb();
  return (await db.selectFrom("staffSessions").select("idHash").where("staffId", "=", staffId).execute()).map((s) => s.idHash);
}
async function storedHash(id: number): Promise<string> {
  const db = await getDb();
  const row = await db.selectFrom("staffAccounts").select("passwordHash as h").where("id", "=", id).executeTakeFirst();
  return row!.h;
}
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { kind: (error as AppError).kind, ...staffProblemOf(error) };
}

describe("staff accounts", () => {
  it("creates an account with a normalised e-mail, the password only as its hash", async () => {
    const email = uniqueEmail("Ayu");
    const account = await createAccount(system, {
      email: `  ${email.toUpperCase()} `,
      name: " Ayu ",
      role: "staff",
      locale: "ru",
      password: "woven pandan hat",
    });
    expect(account).toMatchObject({ email: email.toLowerCase(), name: "Ayu", role: "staff", locale: "ru", disabledAt: null });
    expect(account).not.toHaveProperty("passwordHash");
    const hash = await storedHash(account.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, "woven pandan hat")).toBe(true);
    expect(await accountByEmail(email.toUpperCase())).toEqual(account);
    expect(await accountById(account.id)).toEqual(account);
    expect((await listAccounts()).map((a) => a.email)).toContain(email.toLowerCase());
  });

  it("refuses a taken e-mail (whatever its case), a bad e-mail, name, role, language or password", async () => {
    const email = uniqueEmail("made");
    await createAccount(system, { email, name: "Made", password: "woven pandan hat" });
    expect(
      await refusal(createAccount(system, { email: email.toUpperCase(), name: "Made 2", password: "another good one" })),
    ).toMatchObject({
      kind: "conflict",
      problem: "emailTaken",
      field: "email",
    });
    const base = { email: uniqueEmail("x"), name: "X", password: "woven pandan hat" };
    expect(await refusal(createAccount(system, { ...base, email: "not-an-address" }))).toMatchObject({
      problem: "emailInvalid",
      field: "email",
    });
    expect(await refusal(createAccount(system, { ...base, name: "  " }))).toMatchObject({ problem: "nameRequired", field: "name" });
    expect(await refusal(createAccount(system, { ...base, role: "admin" }))).toMatchObject({ problem: "roleInvalid" });
    expect(await refusal(createAccount(system, { ...base, locale: "de" }))).toMatchObject({ problem: "localeInvalid" });
    expect(await refusal(createAccount(system, { ...base, password: "qwerty123456" }))).toMatchObject({
      problem: "passwordCommon",
      field: "password",
    });
    expect(await refusal(createAccount(system, { ...base, password: base.email }))).toMatchObject({ problem: "passwordIsEmail" });
    expect(await accountByEmail(base.email)).toBeNull();
  });

  it("lets only owners (and the shop itself) manage accounts", async () => {
    const staff = await createAccount(system, { email: uniqueEmail("staff"), name: "S", password: "woven pandan hat" });
    const staffActor: Actor = { staffId: staff.id, label: staff.email, role: "staff", ip: null };
    expect(await refusal(createAccount(staffActor, { email: uniqueEmail("y"), name: "Y", password: "woven pandan hat" }))).toMatchObject({
      kind: "forbidden",
    });
    expect((await refusal(disableAccount(staffActor, staff.id + 1000))).kind).toBe("forbidden");
    expect((await refusal(setPassword(staffActor, staff.id, "another good one"))).kind).toBe("forbidden");
  });

  it("disabling ends the account's sessions and only its own; enabling lets it back", async () => {
    const owner = await createAccount(system, { email: uniqueEmail("owner"), name: "O", role: "owner", password: "woven pandan hat" });
    const staff = await createAccount(system, { email: uniqueEmail("komang"), name: "Komang", password: "woven pandan hat" });
    await addSession(staff.id);
    await addSession(staff.id);
    const ownersSession = await addSession(owner.id);
    const disabled = await disableAccount(ownerActor(owner.id, owner.email), staff.id);
    expect(disabled.disabledAt).toBeInstanceOf(Date);
    expect(await sessionsOf(staff.id)).toEqual([]);
    expect(await sessionsOf(owner.id)).toEqual([ownersSession]);
    const enabled = await enableAccount(ownerActor(owner.id, owner.email), staff.id);
    expect(enabled.disabledAt).toBeNull();
    const { entries } = await auditEntries({ recordType: "staff", recordId: String(staff.id) });
    expect(entries.map((e) => e.action)).toEqual(["staff-enabled", "staff-disabled", "staff-created"]);
    expect(entries[1]).toMatchObject({
      staffId: owner.id,
      actor: owner.email,
      ip: "203.0.113.7",
      before: { disabled: false },
      after: { disabled: true },
    });
  });

  it("never disables the last enabled owner, nor one's own account", async () => {
    const db = await getDb();
    // Only the owners made here stay enabled.
    await db.updateTable("staffAccounts").set({ disabledAt: new Date() }).where("role", "=", "owner").execute();
    const a = await createAccount(system, { email: uniqueEmail("putu"), name: "Putu", role: "owner", password: "woven pandan hat" });
    const b = await createAccount(system, { email: uniqueEmail("wayan"), name: "Wayan", role: "owner", password: "woven pandan hat" });
    expect(await refusal(disableAccount(ownerActor(a.id, a.email), a.id))).toMatchObject({ kind: "conflict", problem: "disableSelf" });
    await disableAccount(ownerActor(a.id, a.email), b.id);
    expect(await refusal(disableAccount(system, a.id))).toMatchObject({ kind: "conflict", problem: "lastOwner" });
    expect((await accountById(a.id))!.disabledAt).toBeNull();
    // Two owners disabling each other at the same moment: one of them stays.
    await enableAccount(system, b.id);
    const results = await Promise.allSettled([
      disableAccount(ownerActor(a.id, a.email), b.id),
      disableAccount(ownerActor(b.id, b.email), a.id),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected")!.reason;
    expect(staffProblemOf(refused)).toMatchObject({ problem: "lastOwner" });
    const stillEnabled = [await accountById(a.id), await accountById(b.id)].filter((x) => x!.disabledAt === null);
    expect(stillEnabled).toHaveLength(1);
  });

  it("a reset sets the password and ends every session; the audit row holds no secret", async () => {
    const staff = await createAccount(system, { email: uniqueEmail("nyoman"), name: "Nyoman", password: "woven pandan hat" });
    await addSession(staff.id);
    const before = (await accountById(staff.id))!.passwordChangedAt;
    await setPassword(system, staff.id, "fresh reset password");
    expect(await sessionsOf(staff.id)).toEqual([]);
    expect(await verifyPassword(await storedHash(staff.id), "fresh reset password")).toBe(true);
    expect((await accountById(staff.id))!.passwordChangedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(await refusal(setPassword(system, staff.id, "password1234"))).toMatchObject({ problem: "passwordCommon" });
    expect(await refusal(setPassword(system, 999_999, "fresh reset password"))).toMatchObject({ kind: "not_found" });
    const { entries } = await auditEntries({ recordType: "staff", recordId: String(staff.id), action: "staff-password-reset" });
    expect(entries).toHaveLength(1);
    const text = JSON.stringify(entries);
    expect(text).not.toContain("fresh reset password");
    expect(text).not.toContain("argon2");
  });

  it("changing one's own password checks the current one, ends every session and starts a new one for the browser that asked", async () => {
    const email = uniqueEmail("ketut");
    const staff = await createAccount(system, { email, name: "Ketut", password: "woven pandan hat" });
    const me: Actor = { staffId: staff.id, label: email, role: "staff", ip: "203.0.113.30" };
    const here = { ip: "203.0.113.30", userAgent: "test" };
    const asking = await addSession(staff.id);
    const elsewhere = await addSession(staff.id);
    expect(await refusal(changeOwnPassword(me, staff.id, "wrong password!!", "a new long secret", here))).toMatchObject({
      problem: "wrongPassword",
      field: "current",
    });
    expect(await refusal(changeOwnPassword(me, staff.id, "woven pandan hat", "woven pandan hat", here))).toMatchObject({
      problem: "passwordUnchanged",
    });
    expect(await refusal(changeOwnPassword(me, staff.id, "woven pandan hat", "short", here))).toMatchObject({
      problem: "passwordTooShort",
    });
    expect(await refusal(changeOwnPassword(me, staff.id, "woven pandan hat", "1q2w3e4r5t6y", here))).toMatchObject({
      problem: "passwordCommon",
    });
    expect(await refusal(changeOwnPassword(me, staff.id + 1, "woven pandan hat", "a new long secret", here))).toMatchObject({
      kind: "forbidden",
    });
    expect(await sessionsOf(staff.id)).toHaveLength(2);

    const session = await changeOwnPassword(me, staff.id, "woven pandan hat", "a new long secret", here);
    // The session it was asked from ends like the others (a stolen cookie must not outlive the change).
    expect(await sessionsOf(staff.id)).toEqual([hashSessionId(session.id)]);
    expect(await sessionsOf(staff.id)).not.toContain(asking);
    expect(await sessionsOf(staff.id)).not.toContain(elsewhere);
    expect((await sessionOf(session.id))?.formToken).toBe(session.formToken);
    expect(await verifyPassword(await storedHash(staff.id), "a new long secret")).toBe(true);
    const again = await changeOwnPassword(me, staff.id, "a new long secret", "yet another secret", here);
    expect(await sessionsOf(staff.id)).toEqual([hashSessionId(again.id)]);

    const { entries } = await auditEntries({ action: "password-changed", recordId: String(staff.id) });
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ staffId: staff.id, actor: email });
    expect(JSON.stringify(entries)).not.toMatch(/secret|argon2|woven/);
  });

  it("refuses an owner's reset of their own password: that is a change, with the current password", async () => {
    const email = uniqueEmail("made");
    const owner = await createAccount(system, { email, name: "Made", role: "owner", password: "woven pandan hat" });
    expect(await refusal(setPassword(ownerActor(owner.id, email), owner.id, "fresh reset password"))).toMatchObject({
      kind: "forbidden",
      problem: "resetSelf",
    });
    expect(await verifyPassword(await storedHash(owner.id), "woven pandan hat")).toBe(true);
  });

  it("counts wrong current passwords from an address, and the right one clears them", async () => {
    const email = uniqueEmail("wayan");
    const staff = await createAccount(system, { email, name: "Wayan", password: "woven pandan hat" });
    const me: Actor = { staffId: staff.id, label: email, role: "staff", ip: "203.0.113.9" };
    const here = { ip: "203.0.113.9", userAgent: "test" };
    for (let i = 0; i < 9; i++) {
      expect(await refusal(changeOwnPassword(me, staff.id, `wrong guess ${i}!!`, "a new long secret", here))).toMatchObject({
        problem: "wrongPassword",
      });
    }
    // The right one after nine wrong ones goes through and starts the count again.
    await changeOwnPassword(me, staff.id, "woven pandan hat", "a new long secret", here);
    for (let i = 0; i < 10; i++) {
      expect(await refusal(changeOwnPassword(me, staff.id, `wrong guess ${i}!!`, "yet another secret", here))).toMatchObject({
        problem: "wrongPassword",
      });
    }
    // The eleventh try is refused before the password is looked at, even the right password.
    expect(await refusal(changeOwnPassword(me, staff.id, "a new long secret", "yet another secret", here))).toMatchObject({
      problem: "tooManyAttempts",
      field: "current",
    });
    // From another address too: whoever holds a session guesses for the account, not for an address.
    const there = { ip: "198.51.100.44", userAgent: "test" };
    expect(
      await refusal(changeOwnPassword({ ...me, ip: there.ip }, staff.id, "a new long secret", "yet another secret", there)),
    ).toMatchObject({
      problem: "tooManyAttempts",
    });
    expect(await verifyPassword(await storedHash(staff.id), "a new long secret")).toBe(true);
    // They are guesses from that address: signing in from it waits too; from elsewhere it goes on.
    expect(await signIn({ email, password: "a new long secret", ip: "203.0.113.9", userAgent: null })).toMatchObject({
      ok: false,
      reason: "limited",
    });
    expect(await signIn({ email, password: "a new long secret", ip: "198.51.100.45", userAgent: null })).toMatchObject({ ok: true });
  });

  it("sets the admin language", async () => {
    const staff = await createAccount(system, { email: uniqueEmail("gede"), name: "Gede", password: "woven pandan hat" });
    await setLocale(staff.id, "ru");
    expect((await accountById(staff.id))!.locale).toBe("ru");
    expect(await refusal(setLocale(staff.id, "fr"))).toMatchObject({ problem: "localeInvalid" });
  });
});
