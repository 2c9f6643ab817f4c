import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { loggerOptions } from "@workshop/http/request-log.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { buildApp } from "./app.ts";
import { storage } from "./media/storage.ts";
import { startXenditSandbox, stopXenditSandbox } from "./payments/xendit/sandbox.ts";

// Read by the first config() call, which comes after these lines.
process.env.PUBLIC_URL = "https://shop.example";
process.env.CORS_ORIGINS = "https://admin.shop.example";
process.env.RATE_LIMIT_WRITES = "2/600";
process.env.RATE_LIMIT_CUSTOM_ORDERS = "2/600";

let database: DatabaseHandle;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];
const logText: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  startXenditSandbox(3000);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        logText.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  app = await buildApp({ dev: false, logger: { ...loggerOptions("info"), stream } });
});
afterAll(async () => {
  await app.close();
  await stopXenditSandbox();
  await database.close();
});

describe("health", () => {
  it("/healthz answers while the process runs; /readyz when the database, the migrations and the files are", async () => {
    const live = await app.inject("/healthz");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok", app: "@workshop/api", version: expect.stringMatching(/^\d+\.\d+\.\d+$/), role: "all" });
    expect(live.headers["cache-control"]).toBe("no-store");
    const ready = await app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
  });

  it("/readyz checks at most once a second however often it is called: a flood costs one probe file", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const put = vi.spyOn(storage(), "put");
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, () => app.inject("/readyz")));
      expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
      expect(put).toHaveBeenCalledTimes(1);
    } finally {
      put.mockRestore();
    }
  });

  it("/readyz is 503 naming the file storage when no file can be written", async () => {
    const probes = path.join(process.env.DATA_DIR!, "files", "private", "readiness");
    await rm(probes, { recursive: true, force: true });
    await mkdir(path.dirname(probes), { recursive: true });
    // A file where the check's folder belongs: nothing can be stored under it.
    await writeFile(probes, "");
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the second a result is shared
      const answer = await app.inject("/readyz");
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: "unavailable", failing: ["storage"], error: "Not ready: storage" });
    } finally {
      await rm(probes);
    }
  });

  it("/readyz is 503 naming the migrations while one is not applied", async () => {
    const db = database.db.withoutPlugins();
    const last = await db
      .selectFrom("kysely_migration" as never)
      .selectAll()
      .orderBy("name" as never, "desc")
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", (last as { name: string }).name as never)
      .execute();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const answer = await app.inject("/readyz");
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ failing: ["migrations"] });
    } finally {
      await db
        .insertInto("kysely_migration" as never)
        .values(last as never)
        .execute();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await app.inject("/readyz")).statusCode).toBe(200);
  });
});

describe("rate limits", () => {
  it("count the shop's writes, not the calls to its built-in Xendit sandbox (Xendit has its own)", async () => {
    const write = (url: string) => app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload: "{}" });
    const sandbox = [];
    const shop = [];
    for (let i = 0; i < 4; i++) {
      sandbox.push((await write("/_sandbox/xendit/v3/payment_requests")).statusCode);
      shop.push((await write("/api/custom-orders")).statusCode);
    }
    expect(sandbox).toEqual([401, 401, 401, 401]);
    expect(shop.slice(2)).toEqual([429, 429]);
  });
});

describe("a Host header that makes no address", () => {
  it("is no server error on the JSON API: the routes answer as for any other host", async () => {
    for (const host of ["a b", "x@y", "shop.example:99999"]) {
      const order = await app.inject({
        method: "POST",
        url: "/api/orders",
        headers: { host, "content-type": "application/json" },
        payload: "{}",
      });
      const status = await app.inject({ url: "/api/xendit/payment-status?orderId=x", headers: { host } });
      expect([host, order.statusCode, status.statusCode]).toEqual([host, 400, 404]);
    }
  });
});

describe("CORS", () => {
  const preflight = (origin: string) =>
    app.inject({ method: "OPTIONS", url: "/api/orders", headers: { origin, "access-control-request-method": "POST" } });

  it("lets the listed origins call with credentials", async () => {
    for (const origin of ["https://admin.shop.example"]) {
      const answer = await preflight(origin);
      expect(answer.statusCode).toBe(204);
      expect(answer.headers["access-control-allow-origin"]).toBe(origin);
      expect(answer.headers["access-control-allow-credentials"]).toBe("true");
    }
  });

  it("never answers another origin with a CORS header, nor reflects it", async () => {
    // The shop's own origin too: its pages call the API through the shop, and are no staff pages.
    for (const origin of ["https://shop.example", "https://evil.example", "https://shop.example.evil.example", "null"]) {
      const answers = [await preflight(origin), await app.inject({ url: "/healthz", headers: { origin } })];
      for (const answer of answers) {
        expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
        expect(answer.headers["access-control-allow-credentials"]).toBeUndefined();
      }
    }
  });
});

describe("request log", () => {
  it("writes one JSON line per request: id, method, route, path, status, duration", async () => {
    lines.length = 0;
    await app.inject("/healthz");
    const line = lines.find((l) => l.msg === "request")!;
    expect(line).toMatchObject({ method: "GET", route: "/healthz", path: "/healthz", status: 200, level: 30 });
    expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof line.ms).toBe("number");
    expect(lines.filter((l) => l.reqId === line.reqId)).toHaveLength(1);
  });

  it("never writes a secret: no cookie, credential, private-link token, query, password or card number", async () => {
    logText.length = 0;
    const secrets = [
      "sess-cookie-value",
      "Bearer staff-token-value",
      "order-link-token",
      "quote-link-token",
      "api-order-token",
      "api-quote-token",
      "query-secret",
      "hunter2",
      "4000000000001091",
    ];
    await app.inject({
      url: "/orders/order-link-token?key=query-secret",
      headers: { cookie: "shop_session=sess-cookie-value", authorization: "Bearer staff-token-value" },
    });
    await app.inject("/ru/quotes/quote-link-token");
    await app.inject("/api/shop/orders/api-order-token?lang=ru");
    await app.inject({
      method: "POST",
      url: "/api/shop/quotes/api-quote-token/accept",
      headers: { "content-type": "application/json" },
      payload: {},
    });
    await app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "content-type": "application/json" },
      payload: { password: "hunter2" },
    });
    app.log.info({ staff: { password: "hunter2" }, card: { cardNumber: "4000000000001091" } }, "a line with secrets in it");
    const text = logText.join("\n");
    expect(text).toContain("/orders/:token");
    expect(text).toContain("/ru/quotes/:token");
    expect(text).toContain("/api/shop/orders/:token");
    expect(text).toContain("/api/shop/quotes/:token/accept");
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
