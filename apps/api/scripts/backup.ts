/**
 * `npm run backup [-- FILE]` and `npm run restore -- FILE`: the embedded shop's database
 * (DATA_DIR/db, PGlite) and files (DATA_DIR/files, the photos) in one gzipped tar, and back.
 * PGlite's folder is opened by one process at a time, so both take its lock: with the shop running
 * they stop with a message instead of copying a database in the middle of a write. A restore
 * keeps what it replaces in DATA_DIR/before-restore-<time>, so a wrong file loses nothing.
 * On PostgreSQL or S3 the database's and the bucket's own tools apply (docs/operations.md, "Backups").
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import * as tar from "tar";
import { config } from "#server/config.ts";
import { FolderInUseError, lockFolder } from "#server/db/folder-lock.ts";
import { dataDir, projectRoot } from "#server/paths.ts";

const usage = `The embedded shop's database and photos, kept in one file and put back.

Usage: npm run backup [-- FILE]       write DATA_DIR/db and DATA_DIR/files to FILE
                                      (default: backups/shop-<date>-<time>.tar.gz at the top folder)
       npm run restore -- FILE        put them back from FILE; what they replace is kept
                                      in DATA_DIR/before-restore-<date>-<time>

Stop the shop first: the embedded database is open in one process at a time.
Exit codes: 0 done, 1 refused (no such file, not a backup, PostgreSQL or S3 configured),
2 wrong usage, 3 the shop is running.`;

/** What a backup holds: the database folder, the files folder, and a note of what it is. */
const PARTS = ["db", "files"] as const;
const NOTE = "backup.json";

class Refusal extends Error {}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { help: { type: "boolean", short: "h" } }, allowPositionals: true });
  const [command, file, ...rest] = positionals;
  if (values.help) return say(usage, 0);
  if ((command !== "backup" && command !== "restore") || rest.length > 0 || (command === "restore" && !file)) return say(usage, 2);

  const c = config();
  if (c.DATABASE_URL)
    throw new Refusal(
      'The shop runs on PostgreSQL (DATABASE_URL): back it up with pg_dump and restore with pg_restore (docs/operations.md, "Backups").',
    );
  if (c.S3_BUCKET)
    throw new Refusal(
      'The photos are in the S3 bucket (S3_BUCKET): keep them with the bucket\'s versioning (docs/operations.md, "Backups").',
    );

  const root = dataDir();
  await mkdir(root, { recursive: true });
  const unlock = await lockFolder(path.join(root, "db"));
  try {
    return command === "backup" ? await backup(root, file) : await restore(root, file!);
  } finally {
    await unlock();
  }
}

async function backup(root: string, file: string | undefined): Promise<number> {
  const parts = PARTS.filter((part) => existsSync(path.join(root, part)));
  if (!parts.includes("db")) throw new Refusal(`There is no shop database in ${root} to back up.`);
  const target = file ? given(file) : path.join(projectRoot, "backups", `shop-${stamp()}.tar.gz`);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(path.join(root, NOTE), `${JSON.stringify({ shopBackup: 1, createdAt: new Date().toISOString(), parts }, null, 2)}\n`);
  try {
    await tar.create({ gzip: true, file: target, cwd: root, portable: true }, [NOTE, ...parts]);
  } finally {
    await rm(path.join(root, NOTE), { force: true });
  }
  const { size } = await stat(target);
  return say(`Backed up ${parts.map((p) => `${root}/${p}`).join(" and ")} to ${target} (${(size / 1_048_576).toFixed(1)} MB).`, 0);
}

async function restore(root: string, file: string): Promise<number> {
  const source = given(file);
  if (!existsSync(source)) throw new Refusal(`No such file: ${source}`);
  // Only a shop backup is put back: its note first, then nothing but the database and the files.
  const entries: string[] = [];
  await tar.list({ file: source, strict: true, onReadEntry: (entry) => entries.push(entry.path) }).catch(() => {
    throw new Refusal(`${source} is not a shop backup (not a gzipped tar).`);
  });
  const stray = entries.find((entry) => entry !== NOTE && !PARTS.some((part) => entry === `${part}/` || entry.startsWith(`${part}/`)));
  if (!entries.includes(NOTE) || !entries.some((entry) => entry.startsWith("db/")) || stray !== undefined)
    throw new Refusal(`${source} is not a shop backup${stray ? ` (it holds ${JSON.stringify(stray)})` : ""}: nothing was changed.`);

  const aside = path.join(root, `before-restore-${stamp()}`);
  const replaced: string[] = [];
  for (const part of PARTS) {
    if (!existsSync(path.join(root, part))) continue;
    await mkdir(aside, { recursive: true });
    await rename(path.join(root, part), path.join(aside, part));
    replaced.push(part);
  }
  await mkdir(root, { recursive: true });
  await tar.extract({ file: source, cwd: root, strict: true, filter: (entry) => entry !== NOTE });
  const files = existsSync(path.join(root, "files")) ? (await readdir(path.join(root, "files"), { recursive: true })).length : 0;
  return say(
    `Restored the database and ${files} file entries from ${source} into ${root}.` +
      (replaced.length > 0 ? ` What they replaced is kept in ${aside}.` : ""),
    0,
  );
}

/** A path as the person typed it: relative to where they ran npm (npm runs the script in apps/api). */
const given = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

const stamp = () => new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);

function say(text: string, code: number): number {
  (code === 0 ? console.log : console.error)(text);
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof FolderInUseError) process.exit(say(`${error.message}`, 3));
    if (error instanceof Refusal) process.exit(say(error.message, 1));
    throw error;
  },
);
