import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyPassword } from "#server/staff/passwords.ts";
import type {} from "#test-support/test-db.ts";

/**
 * `npm run admin` (scripts/admin.ts) as a person runs it: a child process on a database of its own,
 * a new one on the PostgreSQL server when DATABASE_URL is set (CI's PostgreSQL pass), else an
 * embedded database folder.
 */
const server = process.env.DATABASE_URL || undefined;
let dataDir: string;
let databaseUrl = "";
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "shop-admin-cli-"));
  if (server) {
    // An empty database: the first command migrates it, as on a shop's first start.
    const name = `shop_cli_${process.pid}_${Date.now()}`;
    await onServer(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    return;
  }
  // The folder as a shop's first start leaves it, from the migrated template: the first command
  // skips initdb and every migration.
  const db = new PGlite(path.join(dataDir, "db"), { loadDataDir: new Blob([await readFile(inject("pgliteTemplate"))]) });
  await db.close();
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  if (databaseUrl) await onServer(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
});

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

type Run = { code: number | null; stdout: string; stderr: string };
function admin(args: string[], stdin?: string): Promise<Run> {
  // A command lasts a second or two: optimising PGlite's WebAssembly beside it (V8's default)
  // would cost more CPU than it saves, and many commands run here.
  const child = spawn(process.execPath, ["--liftoff-only", "scripts/admin.ts", ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      PUBLIC_URL: "https://shop.example.com",
      ADMIN_URL: "https://admin.example.com",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c));
  child.stderr.on("data", (c: Buffer) => (stderr += c));
  child.stdin.end(stdin ?? "");
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

/** The database's rows, read after the command has closed it. */
async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(path.join(dataDir, "db"));
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.close();
  }
}
const hashOf = async (email: string) =>
  (await query<{ password_hash: string }>("select password_hash from staff_accounts where email = $1", [email]))[0]!.password_hash;

describe("npm run admin", { timeout: 120_000 }, () => {
  it("creates an owner with a printed random password, and lists accounts", async () => {
    const created = await admin(["create", "Owner@RumahTopi.test", "--name", "Wayan", "--role", "owner", "--locale", "ru"]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("Created owner owner@rumahtopi.test (Wayan, admin language ru).");
    // The staff console's address (ADMIN_URL), not the shop's.
    expect(created.stdout).toContain("Sign in at https://admin.example.com/admin/login (the staff console)");
    const password = /Password \(shown only now\): (\S+)/.exec(created.stdout)![1]!;
    expect(await verifyPassword(await hashOf("owner@rumahtopi.test"), password)).toBe(true);

    const listed = await admin(["list"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/e-mail\s+name\s+role\s+locale\s+disabled\s+created/);
    expect(listed.stdout).toMatch(/owner@rumahtopi\.test\s+Wayan\s+owner\s+ru\s+no\s+\w{3} \d{1,2}, \d{4}/);
    expect(listed.stdout).not.toContain(password);
  });

  it("reads a password from standard input, refusing a common one", async () => {
    const weak = await admin(["create", "ayu@rumahtopi.test", "--password-stdin"], "qwerty123456\n");
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("one of the most common");
    const made = await admin(["create", "ayu@rumahtopi.test", "--name", "Ayu", "--password-stdin"], "woven pandan hat\n");
    expect(made.code).toBe(0);
    expect(made.stdout).not.toContain("woven pandan hat");
    expect(await verifyPassword(await hashOf("ayu@rumahtopi.test"), "woven pandan hat")).toBe(true);
  });

  it("refuses a taken e-mail, an unknown account and the last owner with exit code 1", async () => {
    const taken = await admin(["create", "AYU@rumahtopi.test"]);
    expect([taken.code, taken.stderr]).toEqual([1, "An account with this e-mail already exists.\n"]);
    const unknown = await admin(["disable", "nobody@rumahtopi.test"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No staff account with the e-mail nobody@rumahtopi.test");
    const last = await admin(["disable", "owner@rumahtopi.test"]);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain("last enabled owner");
  });

  it("resets a password, disables and enables, each audited as the shell", async () => {
    const reset = await admin(["reset-password", "ayu@rumahtopi.test"]);
    expect(reset.code).toBe(0);
    const password = /Password \(shown only now\): (\S+)/.exec(reset.stdout)![1]!;
    expect(await verifyPassword(await hashOf("ayu@rumahtopi.test"), password)).toBe(true);
    expect((await admin(["disable", "ayu@rumahtopi.test"])).stdout).toContain("Disabled ayu@rumahtopi.test");
    expect((await admin(["list"])).stdout).toMatch(/ayu@rumahtopi\.test\s+Ayu\s+staff\s+en\s+yes, /);
    expect((await admin(["enable", "ayu@rumahtopi.test"])).stdout).toContain("Enabled ayu@rumahtopi.test");
    const audit = await query<{ actor: string; action: string; after: unknown }>("select actor, action, after from audit_log order by id");
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      ["shell", "staff-created"],
      ["shell", "staff-created"],
      ["shell", "staff-password-reset"],
      ["shell", "staff-disabled"],
      ["shell", "staff-enabled"],
    ]);
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it("answers wrong usage with help and exit code 2", async () => {
    const help = await admin(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("reset-password <email>");
    for (const args of [
      ["frob"],
      ["create"],
      ["list", "extra"],
      ["disable", "a@b.test", "--role", "owner"],
      ["create", "a@b.test", "--bogus"],
    ]) {
      const run = await admin(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toContain("npm run admin -- --help");
    }
  });

  it.skipIf(server)("stops with a clear message while another process has the embedded database open", async () => {
    // This test's own process is alive and is not the command's: as if the shop held the folder.
    await writeFile(path.join(dataDir, "db.lock"), `${process.pid}\n`);
    const run = await admin(["list"]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`is open in another process (pid ${process.pid}`);
    expect(run.stderr).toContain("Stop the shop first");
    await rm(path.join(dataDir, "db.lock"));
    // A lock left by a process that is gone is taken over.
    await writeFile(path.join(dataDir, "db.lock"), "2147483646\n");
    expect((await admin(["list"])).code).toBe(0);
  });
});
