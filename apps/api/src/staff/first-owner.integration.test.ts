import { randomBytes } from "node:crypto";
import { normalizeStaffEmail } from "@workshop/domain/validation/staff.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEntries } from "#server/audit/log.ts";
import { type DatabaseHandle, getDb } from "#server/db/client.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { accountByEmail } from "./accounts.ts";
import { ensureFirstOwner } from "./first-owner.ts";
import { verifyPassword } from "./passwords.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  const db = await getDb();
  await db.deleteFrom("auditLog").execute();
  await db.deleteFrom("staffAccounts").execute();
});

const adminUrl = "https://admin.shop.example.com";

async function storedHash(email: string): Promise<string> {
  const db = await getDb();
  const row = await db.selectFrom("staffAccounts").select("passwordHash as h").where("email", "=", email).executeTakeFirst();
  return row!.h;
}
async function addSession(staffId: number): Promise<void> {
  const db = await getDb();
  await db
    .insertInto("staffSessions")
    .values({ idHash: randomBytes(16).toString("hex"), staffId, formToken: "t" })
    .execute();
}
async function sessionCount(staffId: number): Promise<number> {
  const db = await getDb();
  return (await db.selectFrom("staffSessions").selectAll().where("staffId", "=", staffId).execute()).length;
}

/** The e-mail and password of the printed block. */
function printedOwner(block: string): { email: string; password: string } {
  return { email: /E-mail:\s+(\S+)/.exec(block)![1]!, password: /Password:\s+(\S+)/.exec(block)![1]! };
}

describe("the first owner without ADMIN_EMAIL", () => {
  it("is made once on an empty table, its random password printed once and stored only as a hash", async () => {
    const printed: string[] = [];
    expect(await ensureFirstOwner({ adminUrl, print: (t) => printed.push(t) })).toBe("generated");
    expect(printed).toHaveLength(1);
    const block = printed[0]!;
    expect(block).toContain(`${adminUrl}/admin/login`);
    expect(block).toContain(`${adminUrl}/admin/account`);
    const { email, password } = printedOwner(block);
    expect(block).toContain(`npm run admin -- reset-password ${email}`);
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const hash = await storedHash(email);
    expect(hash).not.toContain(password);
    expect(await verifyPassword(hash, password)).toBe(true);
    expect(await accountByEmail(email)).toMatchObject({ role: "owner", disabledAt: null });
    const { entries } = await auditEntries({ action: "staff-created" });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: "system", staffId: null });
    expect(JSON.stringify(entries)).not.toContain(password);

    // The next start: nothing made, nothing printed, the password unchanged.
    expect(await ensureFirstOwner({ adminUrl, print: (t) => printed.push(t) })).toBe("none");
    expect(printed).toHaveLength(1);
    expect(await storedHash(email)).toBe(hash);
  });

  it("has an e-mail of its own in every shop, not one to guess", async () => {
    const emails: string[] = [];
    for (const _shop of [1, 2]) {
      const db = await getDb();
      await db.deleteFrom("staffAccounts").execute();
      const printed: string[] = [];
      expect(await ensureFirstOwner({ adminUrl, print: (t) => printed.push(t) })).toBe("generated");
      const { email } = printedOwner(printed[0]!);
      expect(await accountByEmail(email)).toMatchObject({ role: "owner" });
      emails.push(email);
    }
    expect(emails[0]).not.toBe(emails[1]);
    for (const email of emails) {
      expect(email).not.toBe("admin@localhost");
      // At least 48 random bits: guessing it is no way to find the account.
      expect(email).toMatch(/^owner-[0-9a-f]{12,}@localhost$/);
      expect(normalizeStaffEmail(email)).toBe(email);
    }
  });

  it("is not made when any account exists", async () => {
    const db = await getDb();
    await db.insertInto("staffAccounts").values({ email: "ayu@rumahtopi.test", name: "Ayu", passwordHash: "x", role: "staff" }).execute();
    const printed: string[] = [];
    expect(await ensureFirstOwner({ adminUrl, print: (t) => printed.push(t) })).toBe("none");
    expect(printed).toEqual([]);
    expect(await db.selectFrom("staffAccounts").selectAll().execute()).toHaveLength(1);
  });

  it("two starts at once make one account, and only one of them prints", async () => {
    const printed: string[] = [];
    const outcomes = await Promise.all([1, 2, 3].map(() => ensureFirstOwner({ adminUrl, print: (t) => printed.push(t) })));
    expect(outcomes.filter((o) => o === "generated")).toHaveLength(1);
    expect(printed).toHaveLength(1);
    const db = await getDb();
    expect(await db.selectFrom("staffAccounts").selectAll().execute()).toHaveLength(1);
    const { email, password } = printedOwner(printed[0]!);
    expect(await verifyPassword(await storedHash(email), password)).toBe(true);
  });
});

describe("the first owner from ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  const adminEmail = "owner@rumahtopi.test";
  const options = (adminPassword: string) => ({ adminEmail, adminPassword, adminUrl, print: () => expect.fail("printed") });

  it("is created, kept while the password is the same, reset when it differs", async () => {
    expect(await ensureFirstOwner(options("first owner password"))).toBe("created");
    const account = (await accountByEmail(adminEmail))!;
    expect(account).toMatchObject({ role: "owner", disabledAt: null });
    expect(await verifyPassword(await storedHash(adminEmail), "first owner password")).toBe(true);
    // No generated owner besides it.
    expect(await (await getDb()).selectFrom("staffAccounts").selectAll().execute()).toHaveLength(1);

    // A restart with the same password keeps the owner's sessions.
    await addSession(account.id);
    expect(await ensureFirstOwner(options("first owner password"))).toBe("unchanged");
    expect(await sessionCount(account.id)).toBe(1);

    expect(await ensureFirstOwner(options("second owner password"))).toBe("reset");
    expect(await verifyPassword(await storedHash(adminEmail), "second owner password")).toBe(true);
    expect(await sessionCount(account.id)).toBe(0);
    const { entries } = await auditEntries({ recordType: "staff", recordId: String(account.id) });
    expect(entries.map((e) => e.action)).toEqual(["staff-password-reset", "staff-created"]);
    expect(JSON.stringify(entries)).not.toMatch(/owner password|argon2/);
  });

  it("enables the account and makes it an owner", async () => {
    const db = await getDb();
    await ensureFirstOwner(options("first owner password"));
    await db.updateTable("staffAccounts").set({ disabledAt: new Date(), role: "staff" }).where("email", "=", adminEmail).execute();
    expect(await ensureFirstOwner(options("first owner password"))).toBe("reset");
    expect(await accountByEmail(adminEmail)).toMatchObject({ role: "owner", disabledAt: null });
    const { entries } = await auditEntries({ action: "staff-enabled" });
    expect(entries[0]).toMatchObject({ before: { role: "staff", disabled: true }, after: { role: "owner", disabled: false } });
  });

  it("two starts at once make one account", async () => {
    const outcomes = await Promise.all([1, 2].map(() => ensureFirstOwner(options("first owner password"))));
    expect(outcomes.sort()).toEqual(["created", "unchanged"]);
    const db = await getDb();
    expect(await db.selectFrom("staffAccounts").selectAll().execute()).toHaveLength(1);
  });
});
