import { randomBytes } from "node:crypto";
import { isLocale, type Locale } from "@workshop/domain/locale.ts";
import { requiredText } from "@workshop/domain/validation/fields.ts";
import { normalizeStaffEmail } from "@workshop/domain/validation/staff.ts";
import { sql } from "kysely";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { AppError, type ErrorKind } from "#server/errors.ts";
import { type PasswordProblem, passwordProblem, passwordProblemText } from "./password-policy.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { endSessionsOf, startSession } from "./sessions.ts";
import { clearPasswordChecks, countPasswordCheck } from "./sign-in.ts";

/**
 * Staff accounts: who may sign in to the admin, with which role and admin language. Every change
 * staff can see is written to the audit log with the account's fields before and after, never a
 * password or its hash. Setting a password or disabling an account ends the account's sessions.
 */

const staffRoles = ["owner", "staff"] as const;
type StaffRole = (typeof staffRoles)[number];

/** An account as the rest of the shop sees it: no password hash. */
export type StaffAccount = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  locale: Locale;
  disabledAt: Date | null;
  passwordChangedAt: Date;
  createdAt: Date;
};

/** Why a staff change was refused: a message key the pages translate, and the form field it belongs to. */
type StaffProblem =
  | PasswordProblem
  | "emailInvalid"
  | "emailTaken"
  | "nameRequired"
  | "nameTooLong"
  | "roleInvalid"
  | "localeInvalid"
  | "notFound"
  | "lastOwner"
  | "disableSelf"
  | "resetSelf"
  | "wrongPassword"
  | "tooManyAttempts"
  | "passwordUnchanged"
  | "ownersOnly";

const problemText: Record<StaffProblem, string> = {
  ...passwordProblemText,
  emailInvalid: "the e-mail address is not valid",
  emailTaken: "an account with this e-mail already exists",
  nameRequired: "the name is required",
  nameTooLong: "the name must have at most 100 characters",
  roleInvalid: "the role must be owner or staff",
  localeInvalid: "the language must be en or ru",
  notFound: "no such staff account",
  lastOwner: "this is the last enabled owner: enable or add another owner first",
  disableSelf: "you cannot disable your own account",
  resetSelf: "change your own password at Account, with the current one",
  wrongPassword: "the current password is not correct",
  tooManyAttempts: "too many wrong passwords for this account: wait 15 minutes, then try again",
  passwordUnchanged: "the new password must differ from the current one",
  ownersOnly: "only an owner may manage staff accounts",
};

/** Details of a refused staff change: `error.details` of the AppError thrown. */
export type StaffProblemDetails = {
  problem: StaffProblem;
  field?: "email" | "name" | "role" | "locale" | "password" | "current";
  kind?: ErrorKind;
};

function refuse(kind: ErrorKind, problem: StaffProblem, field?: StaffProblemDetails["field"]): AppError {
  return new AppError(kind, `${problemText[problem][0]!.toUpperCase()}${problemText[problem].slice(1)}.`, { problem, field });
}

/** The problem of a refused staff change, when `error` is one. */
export function staffProblemOf(error: unknown): StaffProblemDetails | null {
  if (!(error instanceof AppError)) return null;
  const details = error.details as Partial<StaffProblemDetails> | undefined;
  return details && typeof details.problem === "string" && details.problem in problemText
    ? { ...(details as StaffProblemDetails), kind: error.kind }
    : null;
}

/** An e-mail as accounts store it (trimmed, lower-case), or null when it is not an address. */
const normalizeEmail = normalizeStaffEmail;

const nameField = requiredText(100);

/** A random first password: 20 characters (120 bits) of base64url. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}

const columns = ["id", "email", "name", "role", "locale", "disabledAt", "passwordChangedAt", "createdAt"] as const;
type Row = Omit<StaffAccount, "role" | "locale"> & { role: string; locale: string };

function toAccount(row: Row): StaffAccount {
  return { ...row, role: row.role === "owner" ? "owner" : "staff", locale: isLocale(row.locale) ? row.locale : "en" };
}

/** What the audit log keeps of an account: never a password or hash. */
function snapshot(account: Pick<StaffAccount, "email" | "name" | "role" | "locale" | "disabledAt">): Record<string, unknown> {
  return { email: account.email, name: account.name, role: account.role, locale: account.locale, disabled: account.disabledAt !== null };
}

/** Owners (and the shop itself: the command line, the first owner at start) manage accounts; staff do not. */
function requireManager(actor: Actor): void {
  if (actor.role !== "owner" && actor.role !== "system") throw refuse("forbidden", "ownersOnly");
}

function checkPassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw refuse("invalid", problem, "password");
}

export type NewAccount = { email: string; name: string; role?: string; locale?: string; password: string };

/** Creates an account; refuses a bad or taken e-mail, a bad name, role or language, and a weak password. */
export async function createAccount(actor: Actor, input: NewAccount): Promise<StaffAccount> {
  requireManager(actor);
  const email = normalizeEmail(input.email);
  if (!email) throw refuse("invalid", "emailInvalid", "email");
  const name = nameField.safeParse(input.name);
  if (!name.success) throw refuse("invalid", name.error.issues[0]?.message === "tooLong" ? "nameTooLong" : "nameRequired", "name");
  const role = input.role ?? "staff";
  if (!(staffRoles as readonly string[]).includes(role)) throw refuse("invalid", "roleInvalid", "role");
  const locale = input.locale ?? "en";
  if (!isLocale(locale)) throw refuse("invalid", "localeInvalid", "locale");
  checkPassword(input.password, email);
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto("staffAccounts")
      .values({ email, name: name.data, role, locale, passwordHash })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning(columns)
      .executeTakeFirst();
    if (!row) throw refuse("conflict", "emailTaken", "email");
    const account = toAccount(row);
    await recordAudit({ actor, action: "staff-created", recordType: "staff", recordId: account.id, after: snapshot(account) }, tx);
    return account;
  });
}

export async function accountById(id: number): Promise<StaffAccount | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const db = await getDb();
  const row = await db.selectFrom("staffAccounts").select(columns).where("id", "=", id).executeTakeFirst();
  return row ? toAccount(row) : null;
}

export async function accountByEmail(input: string): Promise<StaffAccount | null> {
  const email = normalizeEmail(input);
  if (!email) return null;
  const db = await getDb();
  const row = await db.selectFrom("staffAccounts").select(columns).where("email", "=", email).executeTakeFirst();
  return row ? toAccount(row) : null;
}

/** Every account: owners first, then by e-mail. */
export async function listAccounts(): Promise<StaffAccount[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("staffAccounts")
    .select(columns)
    .orderBy(sql`case when staff_accounts.role = 'owner' then 0 else 1 end`)
    .orderBy("email")
    .execute();
  return rows.map(toAccount);
}

/** The account, locked for this transaction; not_found when there is none. */
async function lockAccount(tx: Tx, id: number): Promise<StaffAccount & { passwordHash: string }> {
  const row = await tx
    .selectFrom("staffAccounts")
    .select([...columns, "passwordHash"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw refuse("not_found", "notFound");
  return { ...toAccount(row), passwordHash: row.passwordHash };
}

/** The browser a password change was made from, which gets the new session. */
type Client = { ip: string | null; userAgent: string | null };

/**
 * Stores a password's hash and ends every session of the account, in one transaction; for a person
 * changing their own, starts a new session for the browser they did it from (its old cookie and
 * form token, perhaps stolen, end with the others) and answers its id and form token.
 */
async function storePassword(
  actor: Actor,
  id: number,
  passwordHash: string,
  action: "staff-password-reset" | "password-changed",
  client?: Client,
): Promise<{ id: string; formToken: string } | undefined> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const account = await lockAccount(tx, id);
    const now = new Date();
    await tx.updateTable("staffAccounts").set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where("id", "=", id).execute();
    await endSessionsOf(id, tx);
    const session = client ? await startSession(id, client, tx) : undefined;
    // Which account and when; the password itself is never written.
    await recordAudit(
      {
        actor,
        action,
        recordType: "staff",
        recordId: id,
        before: { email: account.email },
        after: { email: account.email, sessionsEnded: true },
      },
      tx,
    );
    return session;
  });
}

/**
 * Sets a new password chosen by an owner, the command line or the start-up (a reset): checked
 * against the policy, stored as its hash, and every session of the account ends. Not one's own:
 * that is changed with the current password (changeOwnPassword), so an unattended signed-in
 * browser cannot take the account over.
 */
export async function setPassword(actor: Actor, id: number, password: string): Promise<void> {
  requireManager(actor);
  if (actor.staffId === id) throw refuse("forbidden", "resetSelf");
  const account = await accountById(id);
  if (!account) throw refuse("not_found", "notFound");
  checkPassword(password, account.email);
  await storePassword(actor, id, await hashPassword(password), "staff-password-reset");
}

/**
 * A person changes their own password: the current one must be right and the new one pass the
 * policy. Every session of the account ends, the one that asked too; the browser `client` gets a
 * new one, whose id (for the cookie) and form token are answered.
 */
export async function changeOwnPassword(
  actor: Actor,
  id: number,
  current: string,
  next: string,
  client: Client,
): Promise<{ id: string; formToken: string }> {
  if (actor.staffId !== id) throw refuse("forbidden", "ownersOnly");
  const db = await getDb();
  const row = await db.selectFrom("staffAccounts").select(["email", "passwordHash"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw refuse("not_found", "notFound");
  // Someone at an unattended, signed-in browser must not find the password by trying here.
  if ((await countPasswordCheck(row.email, client.ip)) > 0) throw refuse("invalid", "tooManyAttempts", "current");
  if (!(await verifyPassword(row.passwordHash, current))) throw refuse("invalid", "wrongPassword", "current");
  await clearPasswordChecks(row.email, client.ip);
  if (next === current) throw refuse("invalid", "passwordUnchanged", "password");
  checkPassword(next, row.email);
  return (await storePassword(actor, id, await hashPassword(next), "password-changed", client))!;
}

/** Disables an account and ends its sessions; never the last enabled owner, never one's own. */
export async function disableAccount(actor: Actor, id: number): Promise<StaffAccount> {
  requireManager(actor);
  if (actor.staffId === id) throw refuse("conflict", "disableSelf");
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    // Every enabled owner is locked first, always in the same order: two owners disabling each
    // other at once then run one after the other (never a deadlock), and the second sees the first.
    const owners = await tx
      .selectFrom("staffAccounts")
      .select("id")
      .where("role", "=", "owner")
      .where("disabledAt", "is", null)
      .orderBy("id")
      .forUpdate()
      .execute();
    const account = await lockAccount(tx, id);
    if (account.disabledAt) return account;
    if (account.role === "owner" && owners.every((o) => o.id === id)) throw refuse("conflict", "lastOwner");
    const now = new Date();
    const row = await tx
      .updateTable("staffAccounts")
      .set({ disabledAt: now, updatedAt: now })
      .where("id", "=", id)
      .returning(columns)
      .executeTakeFirst();
    await endSessionsOf(id, tx);
    const after = toAccount(row!);
    await recordAudit(
      { actor, action: "staff-disabled", recordType: "staff", recordId: id, before: snapshot(account), after: snapshot(after) },
      tx,
    );
    return after;
  });
}

export async function enableAccount(actor: Actor, id: number): Promise<StaffAccount> {
  requireManager(actor);
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const account = await lockAccount(tx, id);
    if (!account.disabledAt) return account;
    const row = await tx
      .updateTable("staffAccounts")
      .set({ disabledAt: null, updatedAt: new Date() })
      .where("id", "=", id)
      .returning(columns)
      .executeTakeFirst();
    const after = toAccount(row!);
    await recordAudit(
      { actor, action: "staff-enabled", recordType: "staff", recordId: id, before: snapshot(account), after: snapshot(after) },
      tx,
    );
    return after;
  });
}

/** The admin language of an account (its own choice; not a change others see, so not audited). */
export async function setLocale(id: number, locale: string): Promise<void> {
  if (!isLocale(locale)) throw refuse("invalid", "localeInvalid", "locale");
  const db = await getDb();
  const row = await db
    .updateTable("staffAccounts")
    .set({ locale, updatedAt: new Date() })
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  if (!row) throw refuse("not_found", "notFound");
}
