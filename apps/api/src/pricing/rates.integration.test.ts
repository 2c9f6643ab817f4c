import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { deleteCached, readCached } from "#server/cache/shared-cache.ts";
import { type DatabaseHandle, getDb } from "#server/db/client.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { FX_CACHE_KEY, forgetRememberedRate, usdToIdrRate } from "./fx-rate.ts";

/** A stand-in for the rate source (open.er-api.com's answer) on loopback, whose behaviour each test sets. */
type Mode =
  | "ok"
  | "error"
  | "not-json"
  | "no-idr"
  | "idr-text"
  | "implausible"
  | "result-error"
  | "other-base"
  | "hang"
  | "stall-body"
  | "reset";
let mode: Mode = "ok";
let hits = 0;
const answer = (idr: unknown, extra: object = {}) =>
  JSON.stringify({
    result: "success",
    base_code: "USD",
    time_last_update_unix: 1_790_000_000,
    rates: { USD: 1, EUR: 0.92, IDR: idr },
    ...extra,
  });
const source: Server = createServer((req, res) => {
  hits++;
  const json = (body: string) => res.writeHead(200, { "Content-Type": "application/json" }).end(body);
  switch (mode) {
    case "ok":
      return json(answer(16245.123));
    case "error":
      return res.writeHead(500).end("{}");
    case "not-json":
      return json("<html>maintenance</html>");
    case "no-idr":
      return json(JSON.stringify({ result: "success", base_code: "USD", rates: { USD: 1 } }));
    case "idr-text":
      return json(answer("16245.12"));
    case "implausible":
      return json(answer(16.2));
    case "result-error":
      return json(JSON.stringify({ result: "error", "error-type": "unsupported-code" }));
    case "other-base":
      return json(answer(16245.12, { base_code: "EUR" }));
    case "hang":
      return; // never answers
    case "reset":
      return req.socket.destroy();
    case "stall-body":
      res.writeHead(200, { "Content-Type": "application/json" }).write('{"result":"success","rates":{'); // never ends
      return;
  }
});

let database: DatabaseHandle;
let app: FastifyInstance;
const loader = () => app.inject("/api/rates/usd-idr");

beforeAll(async () => {
  await new Promise<void>((r) => source.listen(0, "127.0.0.1", r));
  process.env.FX_RATE_URL = `http://127.0.0.1:${(source.address() as AddressInfo).port}/v6/latest/USD`;
  delete process.env.FX_DEFAULT_USD_IDR; // the shipped default, 16777.30
  database = await freshDatabase();
  app = await buildApp({ dev: false, logger: false });
});
afterAll(async () => {
  await app.close();
  source.closeAllConnections();
  source.close();
  await database.close();
});
beforeEach(async () => {
  mode = "ok";
  hits = 0;
  forgetRememberedRate();
  await deleteCached(FX_CACHE_KEY);
});

async function storedExpiry(): Promise<Date | undefined> {
  const db = await getDb();
  const row = await db.selectFrom("cacheEntries").select("expiresAt").where("key", "=", FX_CACHE_KEY).executeTakeFirst();
  return row?.expiresAt;
}

describe("the USD to IDR rate", () => {
  it("reads the source once, then answers from the shared cache", async () => {
    const before = Date.now();
    const first = await usdToIdrRate();
    expect(first).toEqual({ rate: "16245.12", source: "live", fetchedAt: expect.any(String) });
    expect(Date.parse(first.fetchedAt)).toBeGreaterThanOrEqual(before - 1000);
    const second = await usdToIdrRate();
    expect(second).toEqual({ rate: "16245.12", source: "cache", fetchedAt: first.fetchedAt });
    expect(hits).toBe(1);
    expect(await readCached(FX_CACHE_KEY)).toEqual({ rate: "16245.12", fetchedAt: first.fetchedAt });
  });

  it("keeps the rate for one hour, then reads the source again", async () => {
    await usdToIdrRate();
    const expiresAt = await storedExpiry();
    expect(expiresAt).toBeInstanceOf(Date);
    expect((expiresAt!.getTime() - Date.now()) / 1000).toBeGreaterThan(3600 - 60);
    expect((expiresAt!.getTime() - Date.now()) / 1000).toBeLessThanOrEqual(3600);
    // An hour later (the entry made stale instead of waiting): the source is read again.
    const db = await getDb();
    await sql`update cache_entries set expires_at = now() - interval '1 second' where key = ${FX_CACHE_KEY}`.execute(db);
    forgetRememberedRate();
    expect((await usdToIdrRate()).source).toBe("live");
    expect(hits).toBe(2);
  });

  it("shares one reading of the source between calls made at the same time", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => usdToIdrRate()));
    expect(answers.map((a) => a.rate)).toEqual(Array(5).fill("16245.12"));
    expect(hits).toBe(1);
  });

  it("answers the default 16777.30 when the source answers 500, and caches nothing", async () => {
    mode = "error";
    const rate = await usdToIdrRate();
    expect(rate).toEqual({ rate: "16777.30", source: "fallback", fetchedAt: expect.any(String) });
    expect(await readCached(FX_CACHE_KEY)).toBeNull();
    // Within the next minute pages do not wait on the failed source again...
    mode = "ok";
    expect((await usdToIdrRate()).source).toBe("fallback");
    expect(hits).toBe(1);
    // ...after it, the source is tried again.
    forgetRememberedRate();
    expect((await usdToIdrRate()).source).toBe("live");
    expect(hits).toBe(2);
  });

  it.each<Mode>(["not-json", "no-idr", "idr-text", "implausible", "result-error", "other-base"])(
    "answers the default for a bad body (%s)",
    async (bad) => {
      mode = bad;
      expect(await usdToIdrRate()).toMatchObject({ rate: "16777.30", source: "fallback" });
      expect(await readCached(FX_CACHE_KEY)).toBeNull();
    },
  );

  it.each<Mode>(["hang", "stall-body"])("gives up on a silent source after its timeout (%s)", async (silent) => {
    mode = silent;
    const started = Date.now();
    expect(await usdToIdrRate()).toMatchObject({ rate: "16777.30", source: "fallback" });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2500);
    expect(elapsed).toBeLessThan(6000);
  });

  it("answers the default when the connection breaks", async () => {
    mode = "reset";
    expect(await usdToIdrRate()).toMatchObject({ rate: "16777.30", source: "fallback" });
    expect(hits).toBe(1);
  });
});

describe("GET /api/rates/usd-idr", () => {
  it("answers the live or cached rate, cacheable for five minutes", async () => {
    const response = await loader();
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(response.json()).toEqual({
      rate: 16245.12,
      rateText: "16245.12",
      base: "USD",
      quote: "IDR",
      source: "live",
      fallback: false,
      fetchedAt: expect.any(String),
    });
    expect((await loader()).json()).toMatchObject({ source: "cache", fallback: false });
  });

  it("still answers 200 with the fallback rate when the source fails", async () => {
    mode = "error";
    const response = await loader();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rate: 16777.3, rateText: "16777.30", source: "fallback", fallback: true });
  });
});
