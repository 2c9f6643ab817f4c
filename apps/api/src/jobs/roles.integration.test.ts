import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { keptMail } from "@workshop/testing/kept-mail.ts";
import { freePort, type RunningProcess, startNodeProcess } from "@workshop/testing/processes.ts";
import { orderPayload } from "@workshop/testing/sample-orders.ts";
import { scratchPostgresDatabase } from "@workshop/testing/shop-database.ts";
import { afterAll, describe, expect, it } from "vitest";

/**
 * ROLE=web and ROLE=worker as separate processes on one PostgreSQL database, as a scaled-out shop
 * runs them: the web instance answers and only sends jobs; the worker runs them and answers only
 * its health probes. The order's mail shows it: kept until a worker runs, then delivered once.
 */
const apiMain = path.resolve(import.meta.dirname, "../main.ts");
const database = await scratchPostgresDatabase("api_roles");
const dataDir = mkdtempSync(path.join(tmpdir(), "api-roles-"));
const running: RunningProcess[] = [];

async function startRole(role: "web" | "worker"): Promise<string> {
  const port = await freePort();
  running.push(
    await startNodeProcess(apiMain, {
      name: `API (${role})`,
      env: {
        NODE_ENV: "production",
        ROLE: role,
        API_PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: database!.url,
      },
      ready: role === "web" ? "API running at" : "API worker running",
      keepLog: false,
    }),
  );
  return `http://127.0.0.1:${port}`;
}

afterAll(async () => {
  for (const process of running) await process.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const orderMails = async () => (await keptMail(dataDir, "order-received")).length;

describe.skipIf(!database)("the API as web and worker processes", () => {
  it("the web instance takes an order and leaves its mail to a worker; a worker delivers it once, and serves no API", async () => {
    const web = await startRole("web");
    expect(await (await fetch(`${web}/healthz`)).json()).toMatchObject({ status: "ok", app: "@workshop/api", role: "web" });
    const placed = await fetch(`${web}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(await orderPayload(web)),
    });
    expect(placed.status).toBe(201);
    // No worker yet: the mail waits in its queue.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await orderMails()).toBe(0);

    const worker = await startRole("worker");
    expect(await (await fetch(`${worker}/healthz`)).json()).toMatchObject({ status: "ok", role: "worker" });
    expect((await fetch(`${worker}/readyz`)).status).toBe(200);
    expect((await fetch(`${worker}/api/products`)).status).toBe(404);
    const started = Date.now();
    while ((await orderMails()) === 0 && Date.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await orderMails()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await orderMails()).toBe(1);
  });
});
