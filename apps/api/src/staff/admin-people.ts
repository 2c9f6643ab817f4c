import type { StaffAccountRow, StaffChangeAnswer, StaffListAnswer } from "@workshop/domain/staff-api/accounts.ts";
import { AppError } from "#server/errors.ts";
import {
  accountById,
  changeOwnPassword,
  createAccount,
  disableAccount,
  enableAccount,
  generatePassword,
  listAccounts,
  type StaffAccount,
  setPassword,
  staffProblemOf,
} from "./accounts.ts";
import type { StaffContext } from "./guard.ts";

/**
 * The staff console's people (packages/domain/src/staff-api/accounts.ts): the accounts' rules are
 * accounts.ts's; here they are answered as the contract says, a refusal's problem under `details`
 * by the field it belongs to (`{field: key}`), or `{problem: key}` when it is no field's.
 */

const toRow = (account: StaffAccount): StaffAccountRow => ({
  id: account.id,
  email: account.email,
  name: account.name,
  role: account.role,
  locale: account.locale,
  disabledAt: account.disabledAt?.toISOString() ?? null,
  createdAt: account.createdAt.toISOString(),
});

/** Runs a change of accounts.ts, its refusals in the contract's shape; `fields` renames a field for the form. */
async function answered<T>(change: () => Promise<T>, fields: Record<string, string> = {}): Promise<T> {
  try {
    return await change();
  } catch (error) {
    const found = staffProblemOf(error);
    if (!found || !(error instanceof AppError)) throw error;
    const details = found.field ? { [fields[found.field] ?? found.field]: found.problem } : { problem: found.problem };
    // Too many wrong passwords is a wait, as at sign-in.
    throw new AppError(found.problem === "tooManyAttempts" ? "too_many" : error.kind, error.message, details);
  }
}

/** A numeric id of the path, or 404: an id that cannot be an account's is no account. */
async function existing(id: string): Promise<StaffAccount> {
  const account = /^\d{1,10}$/.test(id) ? await accountById(Number(id)) : null;
  if (!account) throw new AppError("not_found", "No such staff account", { problem: "notFound" });
  return account;
}

export async function staffList(context: StaffContext): Promise<StaffListAnswer> {
  return { accounts: (await listAccounts()).map(toRow), meId: context.user.id };
}

type PasswordChoice = { choice: "generate" | "own"; password?: string | undefined };
const chosen = ({ choice, password }: PasswordChoice) => (choice === "own" ? { password: password ?? "", shown: undefined } : shownOnce());
const shownOnce = () => {
  const password = generatePassword();
  return { password, shown: password };
};

export async function addStaff(
  context: StaffContext,
  input: { email: string; name: string; role: string; locale: string } & PasswordChoice,
): Promise<StaffChangeAnswer> {
  const { password, shown } = chosen(input);
  const account = await answered(() => createAccount(context.actor, { ...input, password }));
  return { account: toRow(account), password: shown };
}

export async function disableStaff(context: StaffContext, id: string): Promise<StaffChangeAnswer> {
  const account = await existing(id);
  return { account: toRow(await answered(() => disableAccount(context.actor, account.id))) };
}

export async function enableStaff(context: StaffContext, id: string): Promise<StaffChangeAnswer> {
  const account = await existing(id);
  return { account: toRow(await answered(() => enableAccount(context.actor, account.id))) };
}

export async function resetStaffPassword(context: StaffContext, id: string, choice: PasswordChoice): Promise<StaffChangeAnswer> {
  const account = await existing(id);
  const { password, shown } = chosen(choice);
  await answered(() => setPassword(context.actor, account.id, password));
  return { account: toRow(account), password: shown };
}

/** One's own new password; answers the new session of this browser (its id, for the cookie). */
export function changeMyPassword(
  context: StaffContext,
  input: { current: string; next: string },
  client: { ip: string | null; userAgent: string | null },
): Promise<{ id: string; formToken: string }> {
  return answered(() => changeOwnPassword(context.actor, context.user.id, input.current, input.next, client), { password: "next" });
}
