import { getDb } from "#server/db/client.ts";

/**
 * Who did something, by the name staff know each other by. Rows write down a label when they are
 * written (the audit log's actor, a note's author, a history line's "by …": a person's e-mail,
 * 'api token', 'system'); the pages show the account's name instead, read when they are shown,
 * and keep the label for anything that is no account (or no longer one).
 */
export type StaffNames = { byId: ReadonlyMap<number, string>; byEmail: ReadonlyMap<string, string> };

/** Every account's name (its e-mail when the name is empty): a workshop has a handful, read whole. */
export async function staffNames(): Promise<StaffNames> {
  const db = await getDb();
  const rows = await db.selectFrom("staffAccounts").select(["id", "email", "name"]).execute();
  const shown = rows.map((row) => ({ ...row, shown: row.name.trim() || row.email }));
  return { byId: new Map(shown.map((r) => [r.id, r.shown])), byEmail: new Map(shown.map((r) => [r.email, r.shown])) };
}

/** A row's person: its account's name, else the account with the e-mail it wrote down, else what it wrote down. */
export function shownName(names: StaffNames, staffId: number | null, written: string): string {
  return (staffId === null ? undefined : names.byId.get(staffId)) ?? names.byEmail.get(written) ?? written;
}

/** A stored line ("marked paid in the workshop by ayu@…") with each staff e-mail in it given as that person's name. */
export function withNames(names: StaffNames, text: string): string {
  return text.replace(/[^\s():,]+@[^\s():,]+/g, (email) => names.byEmail.get(email) ?? email);
}
