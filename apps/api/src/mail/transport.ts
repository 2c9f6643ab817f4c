/**
 * How a mail leaves: over SMTP when SMTP_URL is set; otherwise it is kept, written as a readable
 * .eml file under DATA_DIR/mail (the local stand-in for a mail server).
 */
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { config } from "#server/config.ts";
import { dataDir } from "#server/paths.ts";

export type MailSettings = {
  /** smtp:// or smtps:// URL; undefined keeps mail locally. */
  smtpUrl: string | undefined;
  /** The sender: `Name <address>` or an address. */
  from: string;
  /** The shop's own address, for its copy of each new order and contact message. */
  shopTo: string;
  /** Where kept mail is written. */
  keptDir: string;
};

const slot = Symbol.for("shop.mail.settings");
type Slot = { [slot]?: Partial<MailSettings> };

/** The mail settings of this process: the configuration, unless a test replaced some of them. */
function mailSettings(): MailSettings {
  const c = config();
  return {
    smtpUrl: c.SMTP_URL,
    from: c.MAIL_FROM,
    shopTo: c.SHOP_MAIL_TO,
    keptDir: path.join(dataDir(), "mail"),
    ...(globalThis as Slot)[slot],
  };
}

/** Replaces some settings for this process (tests: a local SMTP server); no argument restores them. */
export function useMailSettings(settings?: Partial<MailSettings>): void {
  (globalThis as Slot)[slot] = settings;
}

export type OutgoingMail = {
  id: number;
  dedupeKey: string;
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
  /** Where the recipient's answer should go instead of the sender (Reply-To), e.g. a visitor who wrote to the shop. */
  replyTo?: MailAddress | null;
  /**
   * The https address a mail reader posts to, to stop this kind of mail (RFC 8058's one-click
   * List-Unsubscribe): the e-mails about an order's making.
   */
  unsubscribe?: string | null;
};

/** A name and an address, kept apart so that neither is parsed as a list of addresses. */
export type MailAddress = { name: string; address: string };

export type Delivery = { status: "sent"; response: string } | { status: "kept"; file: string };

/** A stable Message-ID per mail, so a receiving server or client can tell a repeat from a new mail. */
function messageId(mail: OutgoingMail, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  const hash = createHash("sha256").update(mail.dedupeKey).digest("hex").slice(0, 32);
  return `<${hash}@${domain}>`;
}

function message(mail: OutgoingMail, settings: MailSettings) {
  return {
    from: settings.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    date: mail.createdAt,
    messageId: messageId(mail, settings.from),
    headers: {
      "X-Shop-Mail": `${mail.template} ${mail.id}`,
      ...(mail.unsubscribe ? { "List-Unsubscribe": `<${mail.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {}),
    },
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  };
}

const transports = new Map<string, ReturnType<typeof nodemailer.createTransport>>();

function smtp(url: string) {
  let transport = transports.get(url);
  if (!transport) {
    // Bounded waits, well inside the delivery job's expiry: a dead server fails the attempt instead.
    transport = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
    transports.set(url, transport);
  }
  return transport;
}

/** The file a kept mail is written to. */
export function keptMailFile(mail: Pick<OutgoingMail, "id" | "template">, settings = mailSettings()): string {
  return path.join(settings.keptDir, `${String(mail.id).padStart(6, "0")}-${mail.template}.eml`);
}

/** Builds kept mail as .eml text; one for the process. */
let keptTransport: ReturnType<typeof nodemailer.createTransport> | undefined;

/** Sends the mail over SMTP, or writes it to DATA_DIR/mail without SMTP. Throws when SMTP refuses it. */
export async function deliver(mail: OutgoingMail, settings = mailSettings()): Promise<Delivery> {
  if (settings.smtpUrl) {
    const info = await smtp(settings.smtpUrl).sendMail(message(mail, settings));
    return { status: "sent", response: String(info.response ?? "") };
  }
  keptTransport ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const built = await keptTransport.sendMail(message(mail, settings));
  const file = keptMailFile(mail, settings);
  // The folder exists after the first mail: make it only when the write says it is missing.
  await writeFile(file, built.message as Buffer).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, built.message as Buffer);
  });
  return { status: "kept", file };
}
