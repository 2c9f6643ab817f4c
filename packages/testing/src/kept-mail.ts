import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** The mail a shop without SMTP kept as .eml files in DATA_DIR/mail, of one template, oldest first. */
export async function keptMail(dataDir: string, template: string): Promise<string[]> {
  const dir = path.join(dataDir, "mail");
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${template}.eml`)).sort();
  return Promise.all(files.map((f) => readFile(path.join(dir, f), "utf8")));
}

/** An .eml file's quoted-printable parts as text (soft line breaks joined, bytes decoded as UTF-8). */
export const decodedMail = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
