import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, type RunningProcess, startNodeProcess } from "@workshop/testing/processes.ts";
import { orderPayload } from "@workshop/testing/sample-orders.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run backup` / `npm run restore` (scripts/backup.ts) as an owner runs them, on an embedded
 * shop of its own: back up, wipe, restore, and every order and photo is back.
 */
const apiMain = path.resolve(import.meta.dirname, "../src/main.ts");
const token = "backup-test-staff-token-0123456789";
let work: string;
let dataDir: string;
let api: RunningProcess | undefined;
let origin = "";

async function startApi(): Promise<void> {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  api = await startNodeProcess(apiMain, {
    name: "API",
    env: { NODE_ENV: "production", API_PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_API_TOKEN: token },
    ready: "API running at",
    keepLog: false,
  });
}

async function stopApi(): Promise<void> {
  await api?.stop();
  api = undefined;
}

type Run = { code: number | null; out: string };
function run(command: "backup" | "restore", ...args: string[]): Promise<Run> {
  const child = spawn(process.execPath, ["scripts/backup.ts", command, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", S3_BUCKET: "", INIT_CWD: work },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c));
  child.stderr.on("data", (c: Buffer) => (out += c));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, out })));
}

const staff = { Authorization: `Bearer ${token}` };

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "shop-backup-"));
  dataDir = path.join(work, "data");
  await startApi();
});
afterAll(async () => {
  await stopApi();
  rmSync(work, { recursive: true, force: true });
});

describe("backup and restore of the embedded shop", () => {
  let orderId = "";
  let photoUrl = "";
  let photo: ArrayBuffer;

  it("refuses to back up while the shop runs, and says why", async () => {
    const placed = await fetch(`${origin}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(await orderPayload(origin)),
    });
    expect(placed.status).toBe(201);
    orderId = ((await placed.json()) as { id: string }).id;
    const form = new FormData();
    form.append("files", new File([new Uint8Array(await sampleJpeg(320, 240))], "kept.jpg", { type: "image/jpeg" }));
    const uploaded = await fetch(`${origin}/api/uploads`, { method: "POST", headers: staff, body: form });
    expect(uploaded.status).toBe(200);
    photoUrl = ((await uploaded.json()) as { url: string }[])[0]!.url;
    photo = await (await fetch(photoUrl.replace(/^https?:\/\/[^/]+/, origin))).arrayBuffer();

    const refused = await run("backup", "while-running.tar.gz");
    expect(refused.code).toBe(3);
    expect(refused.out).toContain("is open in another process");
    expect(existsSync(path.join(work, "while-running.tar.gz"))).toBe(false);
  });

  it("backs up, and after the data is wiped, restores every order and photo", async () => {
    await stopApi();
    const backedUp = await run("backup", "shop.tar.gz");
    expect(backedUp.code, backedUp.out).toBe(0);
    expect(backedUp.out).toContain(`to ${path.join(work, "shop.tar.gz")}`);

    rmSync(path.join(dataDir, "db"), { recursive: true });
    rmSync(path.join(dataDir, "files"), { recursive: true });
    const restored = await run("restore", "shop.tar.gz");
    expect(restored.code, restored.out).toBe(0);

    await startApi();
    const order = await fetch(`${origin}/api/orders/${orderId}`, { headers: staff });
    expect(order.status).toBe(200);
    expect(((await order.json()) as { id: string }).id).toBe(orderId);
    const back = await fetch(photoUrl.replace(/^https?:\/\/[^/]+/, origin));
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(Buffer.from(photo))).toBe(true);
    await stopApi();
  });

  it("keeps what a restore replaces, and puts back nothing but a shop backup", async () => {
    const before = readdirSync(dataDir).filter((name) => name.startsWith("before-restore-"));
    const again = await run("restore", "shop.tar.gz");
    expect(again.code, again.out).toBe(0);
    const kept = readdirSync(dataDir).filter((name) => name.startsWith("before-restore-") && !before.includes(name));
    expect(kept).toHaveLength(1);
    expect(readdirSync(path.join(dataDir, kept[0]!)).sort()).toEqual(["db", "files"]);

    // An archive with anything but the database and the files (here a path out of the folder) changes nothing.
    writeFileSync(path.join(work, "backup.json"), "{}");
    writeFileSync(path.join(work, "evil.txt"), "x");
    await tar.create({ gzip: true, file: path.join(work, "evil.tar.gz"), cwd: work }, ["backup.json", "evil.txt"]);
    const evil = await run("restore", "evil.tar.gz");
    expect(evil.code).toBe(1);
    expect(evil.out).toContain('is not a shop backup (it holds "evil.txt"): nothing was changed.');

    writeFileSync(path.join(work, "notes.txt"), "not an archive");
    const text = await run("restore", "notes.txt");
    expect([text.code, text.out.trim()]).toEqual([1, `${path.join(work, "notes.txt")} is not a shop backup (not a gzipped tar).`]);
    const missing = await run("restore", "nowhere.tar.gz");
    expect(missing.code).toBe(1);
    expect(readdirSync(dataDir).filter((name) => name.startsWith("before-restore-") && !before.includes(name))).toHaveLength(1);
  });
});
