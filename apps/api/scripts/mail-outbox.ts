/**
 * The mail outbox: `npm run mail:outbox` lists the newest mails (time, status, recipient, subject);
 * `npm run mail:outbox -- <id>` prints one in full. Reads the database the shop uses (DATABASE_URL,
 * else PGlite in DATA_DIR/db, which only one process can open: stop the shop first).
 */
import { database } from "#server/db/client.ts";
import { listOutbox, type OutboxMail, readOutboxMail } from "#server/mail/outbox.ts";
import { keptMailFile } from "#server/mail/transport.ts";

const when = (date: Date | null) => (date ? date.toISOString().replace("T", " ").slice(0, 19) : "—");

function list(mails: OutboxMail[]): void {
  if (mails.length === 0) {
    console.log("The outbox is empty.");
    return;
  }
  const rows = mails.map((m) => [String(m.id), when(m.createdAt), m.status, m.to, m.subject]);
  const header = ["id", "time (UTC)", "status", "to", "subject"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(`\n${mails.length} mail(s), newest first. Show one: npm run mail:outbox -- <id>`);
}

function show(mail: OutboxMail): void {
  const fields: [string, string][] = [
    ["Id", String(mail.id)],
    ["Status", mail.status],
    ["Created", when(mail.createdAt)],
    ["Sent", when(mail.sentAt)],
    ["Attempts", String(mail.attempts)],
    ["Template", `${mail.template} (${mail.locale})`],
    ["Dedupe key", mail.dedupeKey],
    ["Order", mail.orderId ?? "—"],
    ["To", mail.to],
    ["Subject", mail.subject],
  ];
  if (mail.lastError) fields.push(["Last error", mail.lastError]);
  if (mail.status === "kept") fields.push(["File", keptMailFile(mail)]);
  for (const [name, value] of fields) console.log(`${`${name}:`.padEnd(12)}${value}`);
  console.log(`\n----- text -----\n${mail.text.trimEnd()}\n\n----- html -----\n${mail.html.trimEnd()}`);
}

async function main(): Promise<number> {
  const arg = process.argv[2];
  if (arg !== undefined && !/^\d+$/.test(arg)) {
    console.error("Usage: npm run mail:outbox [-- <id>]");
    return 2;
  }
  const db = await database();
  try {
    if (arg === undefined) {
      list(await listOutbox(50));
      return 0;
    }
    const mail = await readOutboxMail(Number(arg));
    if (!mail) {
      console.error(`No mail ${arg} in the outbox.`);
      return 1;
    }
    show(mail);
    return 0;
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
