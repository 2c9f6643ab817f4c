/**
 * For tests: a real SMTP server (smtp-server) on 127.0.0.1 and a random port that keeps what it
 * receives, decoded enough to read (headers, subject, text and HTML parts). It can refuse a
 * recipient's first attempts with a temporary error, as a busy server does.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
};

export type TestSmtpServer = {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /** Mails received for one address. */
  to(address: string): ReceivedMail[];
  /** RCPT TO commands seen per address, refused ones included. */
  attempts: Map<string, number>;
  close(): Promise<void>;
};

/** `refuse(address, attempt)`: true answers that attempt (1, 2, ...) with "451 try again later". */
export async function startTestSmtpServer(
  options: { refuse?: (address: string, attempt: number) => boolean } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const attempt = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, attempt);
      if (options.refuse?.(to, attempt)) {
        const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ ...readMime(raw), envelopeFrom, envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((m) => m.envelopeTo.includes(address.toLowerCase())),
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- A small MIME reader: enough for what nodemailer writes (multipart/alternative, base64 or QP). ---

function splitHead(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? "" : part.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable to text: =XX bytes become %XX for UTF-8 percent-decoding (a literal % first becomes %25). */
function decodeQuotedPrintable(value: string): string {
  const percent = value
    .replace(/%/g, "%25")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(percent);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** =?UTF-8?B?...?= and =?UTF-8?Q?...?= words in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** A raw message (e.g. a kept .eml file) read as a mail client shows it: headers, subject, text and HTML decoded. */
export function readMime(raw: string): Omit<ReceivedMail, "envelopeFrom" | "envelopeTo" | "raw"> {
  const { headers, body } = splitHead(raw);
  let text = "";
  let html = "";
  const visit = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const piece of partBody.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith("--")) break;
        const inner = splitHead(piece.replace(/^\r?\n/, ""));
        visit(inner.headers, inner.body);
      }
    } else if (/^text\/html/i.test(type)) {
      html = decodeBody(partBody, partHeaders.get("content-transfer-encoding"));
    } else if (/^text\/plain/i.test(type)) {
      text = decodeBody(partBody, partHeaders.get("content-transfer-encoding"));
    }
  };
  visit(headers, body);
  return {
    headers,
    subject: decodeHeader(headers.get("subject") ?? ""),
    text: text.replace(/\r\n/g, "\n"),
    html: html.replace(/\r\n/g, "\n"),
  };
}
