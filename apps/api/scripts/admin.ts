/**
 * Staff accounts from the shell: `npm run admin -- <command>` (see `usage` below). Uses the shop's
 * database (DATABASE_URL, else PGlite in DATA_DIR/db, which one process opens at a time: with the
 * shop running on PGlite it stops with a clear message instead of touching the folder). Changes are
 * audited with the actor 'shell'.
 */
import { parseArgs } from "node:util";
import { normalizeStaffEmail } from "@workshop/domain/validation/staff.ts";
import type { Actor } from "#server/audit/actor.ts";
import type { StaffAccount } from "#server/staff/accounts.ts";

// The shop's modules load only for a command that needs them: help and usage mistakes answer at once.
const load = async () => {
  const [{ adminDate }, { systemActor }, { config }, { database }, { FolderInUseError }, { AppError }, accounts] = await Promise.all([
    import("@workshop/domain/admin-date.ts"),
    import("#server/audit/actor.ts"),
    import("#server/config.ts"),
    import("#server/db/client.ts"),
    import("#server/db/folder-lock.ts"),
    import("#server/errors.ts"),
    import("#server/staff/accounts.ts"),
  ]);
  return { adminDate, systemActor, config, database, FolderInUseError, AppError, ...accounts };
};
type Shop = Awaited<ReturnType<typeof load>>;

const usage = `Staff accounts of the admin.

Usage: npm run admin -- <command> [options]

Commands:
  create <email> [--name NAME] [--role owner|staff] [--locale en|ru] [--password-stdin]
                          add a person (role staff and language en unless given); prints a
                          random first password, or reads one from standard input
  reset-password <email> [--password-stdin]
                          a new password (random and printed, or from standard input);
                          ends every session of that account
  list                    every account: e-mail, name, role, language, disabled, created
  disable <email>         stop an account from signing in and end its sessions
                          (never the last enabled owner)
  enable <email>          let a disabled account sign in again

Options:
  --password-stdin        read the password from standard input (one line) instead of
                          generating one, e.g. printf '%s' "$PW" | npm run admin -- create ...
  -h, --help              this text

Exit codes: 0 done, 1 refused (bad input, no such account, a rule of the shop), 2 wrong usage,
3 the database cannot be opened (e.g. the shop is running on the embedded database).`;

class UsageError extends Error {}

type Command = {
  command: "create" | "reset-password" | "list" | "disable" | "enable";
  email?: string;
  name?: string;
  role?: string;
  locale?: string;
  passwordStdin: boolean;
};

const commands = ["create", "reset-password", "list", "disable", "enable"] as const;
const optionsOf: Record<Command["command"], string[]> = {
  create: ["name", "role", "locale", "password-stdin"],
  "reset-password": ["password-stdin"],
  list: [],
  disable: [],
  enable: [],
};

/** The command line, checked before anything is opened; "help" when help was asked for. */
function parseCommand(argv: string[]): Command | "help" {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof options }>>;
  const options = {
    name: { type: "string" },
    role: { type: "string" },
    locale: { type: "string" },
    "password-stdin": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  } as const;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, email, ...extra] = positionals;
  if (values.help || command === "help") return "help";
  if (!command) throw new UsageError(`Which command? One of ${commands.join(", ")}.`);
  if (!(commands as readonly string[]).includes(command)) throw new UsageError(`Unknown command: ${command}.`);
  const known = command as Command["command"];
  if (known !== "list" && !email) throw new UsageError(`${known} needs an e-mail address.`);
  const unexpected = known === "list" ? [email, ...extra].filter(Boolean) : extra;
  if (unexpected.length > 0) throw new UsageError(`Unexpected argument: ${unexpected[0]}.`);
  for (const option of Object.keys(values)) {
    if (!optionsOf[known].includes(option)) throw new UsageError(`${known} takes no --${option}.`);
  }
  return {
    command: known,
    email,
    name: values.name,
    role: values.role,
    locale: values.locale,
    passwordStdin: values["password-stdin"] === true,
  };
}

async function readStdin(shop: Shop): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Type the password and press Enter, then Ctrl-D: ");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
  if (text.includes("\n")) throw new shop.AppError("invalid", "The password from standard input must be one line.");
  return text;
}

async function chosenPassword(shop: Shop, fromStdin: boolean): Promise<{ password: string; generated: boolean }> {
  return fromStdin ? { password: await readStdin(shop), generated: false } : { password: shop.generatePassword(), generated: true };
}

function table(shop: Shop, accounts: StaffAccount[]): string {
  if (accounts.length === 0) return "No staff accounts yet. Add one: npm run admin -- create <email> --role owner";
  const header = ["e-mail", "name", "role", "locale", "disabled", "created (Bali time)"];
  const rows = accounts.map((a) => [
    a.email,
    a.name,
    a.role,
    a.locale,
    a.disabledAt ? `yes, ${shop.adminDate(a.disabledAt)}` : "no",
    shop.adminDate(a.createdAt),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line), "", `${accounts.length} account(s).`].join("\n");
}

function showPassword(shop: Shop, email: string, password: string): void {
  // The staff console's address: ADMIN_URL, else the console on this machine (ADMIN_PORT, 3001), as the first owner's block says.
  const { adminUrl } = shop.config();
  console.log(`Password (shown only now): ${password}`);
  console.log(
    `Sign in at ${adminUrl}/admin/login (the staff console) as ${email}; change the password there at ${adminUrl}/admin/account.`,
  );
}

async function run(shop: Shop, c: Command): Promise<void> {
  const actor: Actor = { ...shop.systemActor, label: "shell" };
  if (c.command === "list") {
    console.log(table(shop, await shop.listAccounts()));
    return;
  }
  const email = normalizeStaffEmail(c.email);
  if (!email) throw new shop.AppError("invalid", `Not an e-mail address: ${c.email}`);
  if (c.command === "create") {
    const { password, generated } = await chosenPassword(shop, c.passwordStdin);
    const account = await shop.createAccount(actor, {
      email,
      name: c.name ?? email.split("@")[0]!,
      role: c.role,
      locale: c.locale,
      password,
    });
    console.log(`Created ${account.role} ${account.email} (${account.name}, admin language ${account.locale}).`);
    if (generated) showPassword(shop, account.email, password);
    return;
  }
  const account = await shop.accountByEmail(email);
  if (!account) throw new shop.AppError("not_found", `No staff account with the e-mail ${email}.`);
  if (c.command === "reset-password") {
    const { password, generated } = await chosenPassword(shop, c.passwordStdin);
    await shop.setPassword(actor, account.id, password);
    console.log(`New password set for ${account.email}; its sessions have ended.`);
    if (generated) showPassword(shop, account.email, password);
  } else if (c.command === "disable") {
    await shop.disableAccount(actor, account.id);
    console.log(account.disabledAt ? `${account.email} was already disabled.` : `Disabled ${account.email}; its sessions have ended.`);
  } else {
    await shop.enableAccount(actor, account.id);
    console.log(account.disabledAt ? `Enabled ${account.email}: it can sign in again.` : `${account.email} was already enabled.`);
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  let command: Command | "help";
  try {
    command = argv.length === 0 ? "help" : parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\nSee: npm run admin -- --help`);
    return 2;
  }
  if (command === "help") {
    console.log(usage);
    return argv.length === 0 ? 2 : 0;
  }
  const shop = await load();
  let db: Awaited<ReturnType<Shop["database"]>>;
  try {
    db = await shop.database();
  } catch (error) {
    console.error(error instanceof shop.FolderInUseError ? error.message : `The database cannot be opened: ${(error as Error).message}`);
    return 3;
  }
  try {
    await run(shop, command);
    return 0;
  } catch (error) {
    if (!(error instanceof shop.AppError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
