import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { systemActor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { config } from "#server/config.ts";
import { getDb } from "#server/db/client.ts";
import { generatePassword, setPassword } from "./accounts.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

/**
 * The first way into the admin, run at every start after the migrations:
 *
 * - with ADMIN_EMAIL and ADMIN_PASSWORD (checked against the policy by src/config.ts), that
 *   account exists, is an enabled owner and has that password (reset only when it differs, so a
 *   restart does not end its sessions);
 * - without them, an empty staff table gets an owner `owner-<12 random hex digits>@localhost`
 *   with a random password, both printed once to the start output; only the password's hash is
 *   stored. The e-mail is the shop's own, so nobody can aim guesses at an account known in advance.
 *   Two instances starting together on one database make one account, and only the one that made
 *   it prints.
 */
/** Held while the first owner is made: two instances starting together would each make one. */
const FIRST_OWNER_LOCK = 727_016;

/** 48 random bits: no list of likely e-mails holds it. */
const generatedOwnerEmail = () => `owner-${randomBytes(6).toString("hex")}@localhost`;

export type FirstOwnerOutcome = "created" | "reset" | "unchanged" | "generated" | "none";

/** `adminUrl`: the staff console's origin, where the owner signs in and changes the password. */
type Options = { adminEmail?: string; adminPassword?: string; adminUrl: string; print?: (text: string) => void };

export async function ensureFirstOwner(options?: Options): Promise<FirstOwnerOutcome> {
  const cfg = config();
  const {
    adminEmail,
    adminPassword,
    adminUrl,
    print = console.log,
  } = options ?? {
    adminEmail: cfg.ADMIN_EMAIL,
    adminPassword: cfg.ADMIN_PASSWORD,
    adminUrl: cfg.adminUrl,
  };
  if (adminEmail && adminPassword) return ensureConfiguredOwner(adminEmail, adminPassword);
  return generateOwnerIfNone(adminUrl, print);
}

async function ensureConfiguredOwner(email: string, password: string): Promise<FirstOwnerOutcome> {
  const db = await getDb();
  const find = () =>
    db
      .selectFrom("staffAccounts")
      .select(["id", "role", "disabledAt", "passwordHash", "name", "locale"])
      .where("email", "=", email)
      .executeTakeFirst();
  let account = await find();
  if (!account) {
    const passwordHash = await hashPassword(password);
    const created = await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto("staffAccounts")
        .values({ email, name: "Owner", role: "owner", locale: "en", passwordHash })
        .onConflict((oc) => oc.column("email").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (row) {
        const after = { email, name: "Owner", role: "owner", locale: "en", disabled: false };
        await recordAudit({ actor: systemActor, action: "staff-created", recordType: "staff", recordId: row.id, after }, tx);
      }
      return !!row;
    });
    if (created) return "created";
    // Another instance made it a moment ago: check it like an existing one.
    account = await find();
    if (!account) throw new Error(`ADMIN_EMAIL: the account ${email} could not be created`);
  }
  let outcome: FirstOwnerOutcome = "unchanged";
  if (!(await verifyPassword(account.passwordHash, password))) {
    await setPassword(systemActor, account.id, password);
    outcome = "reset";
  }
  if (account.role !== "owner" || account.disabledAt) {
    const before = { email, name: account.name, role: account.role, locale: account.locale, disabled: account.disabledAt !== null };
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable("staffAccounts")
        .set({ role: "owner", disabledAt: null, updatedAt: new Date() })
        .where("id", "=", account.id)
        .execute();
      const after = { ...before, role: "owner", disabled: false };
      await recordAudit({ actor: systemActor, action: "staff-enabled", recordType: "staff", recordId: account.id, before, after }, tx);
    });
    outcome = outcome === "unchanged" ? "reset" : outcome;
  }
  return outcome;
}

async function generateOwnerIfNone(adminUrl: string, print: (text: string) => void): Promise<FirstOwnerOutcome> {
  const db = await getDb();
  // Cheap check first: the usual start, with accounts, hashes nothing.
  const any = await db.selectFrom("staffAccounts").select("id").limit(1).executeTakeFirst();
  if (any) return "none";
  const email = generatedOwnerEmail();
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const inserted = await db.transaction().execute(async (tx) => {
    // Each instance draws its own e-mail, so the unique index no longer makes the race's loser
    // insert nothing: the lock does, and the loser then finds the table no longer empty.
    await sql`select pg_advisory_xact_lock(${FIRST_OWNER_LOCK})`.execute(tx);
    const result = await sql<{ id: number }>`
      insert into staff_accounts (email, name, role, locale, password_hash)
      select ${email}, 'Owner', 'owner', 'en', ${passwordHash}
      where not exists (select 1 from staff_accounts)
      on conflict (email) do nothing
      returning id`.execute(tx);
    const id = result.rows[0]?.id;
    if (id === undefined) return false;
    const after = { email, name: "Owner", role: "owner", locale: "en", disabled: false };
    await recordAudit({ actor: systemActor, action: "staff-created", recordType: "staff", recordId: id, after }, tx);
    return true;
  });
  if (!inserted) return "none";
  const rule = "=".repeat(72);
  print(
    [
      "",
      rule,
      "The admin's first owner account was created. Its e-mail and password are shown only now:",
      "",
      `  Sign in at:  ${adminUrl}/admin/login (the staff console)`,
      `  E-mail:      ${email}`,
      `  Password:    ${password}`,
      "",
      `After signing in, change the password at ${adminUrl}/admin/account.`,
      `Lost it? \`npm run admin -- reset-password ${email}\` (with the shop stopped on PGlite).`,
      rule,
      "",
    ].join("\n"),
  );
  return "generated";
}
