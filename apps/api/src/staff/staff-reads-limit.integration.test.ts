import type { FastifyInstance } from "fastify";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useDatabase } from "#server/db/client.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { endSession, hashSessionId, startSession } from "./sessions.ts";

// Read by the first config() call, which comes after these lines.
const CONSOLE = "https://admin.shop.example";
const MACHINE = "staff-reads-tests-token-0123456789";
const MISSES = 5;
process.env.PUBLIC_URL = "https://shop.example";
process.env.ADMIN_URL = CONSOLE;
process.env.ADMIN_API_TOKEN = MACHINE;
process.env.RATE_LIMIT_STAFF_MISSES = `${MISSES}/60`;

let test: TestApp;
let app: FastifyInstance;
let ownerId: number;
/** Every statement the API sends to the database while this file runs. */
let queries = 0;
const counting: KyselyPlugin = {
  transformQuery: ({ node }) => {
    queries++;
    return node;
  },
  transformResult: async ({ result }) => result,
};

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  useDatabase({ ...test.database, db: test.database.db.withPlugin(counting) });
  const owner = await test.database.db
    .insertInto("staffAccounts")
    .values({ email: "putu@workshop.test", name: "Putu", role: "owner", passwordHash: "not used here" })
    .returning("id")
    .executeTakeFirstOrThrow();
  ownerId = owner.id;
});
afterAll(() => test?.close());
beforeEach(() => {
  queries = 0;
});

const read = (url: string, headers: Record<string, string>, remoteAddress: string) =>
  app.inject({ url, headers: { origin: CONSOLE, ...headers }, remoteAddress });

/** A made-up id of the cookie's shape: 43 characters of base64url, as every real one. */
const madeUp = (n: number) => Buffer.alloc(32, n).toString("base64url");

describe("staff reads with a cookie nobody signed", () => {
  it("are 401 without a single database statement", async () => {
    for (const url of ["/api/admin/session", "/api/admin/orders", "/api/admin/orders.csv", "/api/orders", "/api/products/export"]) {
      const answer = await read(url, { cookie: `__Host-staff=${madeUp(url.length)}` }, `198.51.100.${url.length}`);
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json(), url).toHaveProperty("error");
    }
    expect(queries).toBe(0);
  });
});

describe(`past ${MISSES} staff requests that found no one, per client`, () => {
  it("the client's staff requests answer 429 {error} with Retry-After, after a pause, before any lookup; other clients and the machine token go on", async () => {
    // A session that ended: its id is signed, so each try costs a lookup until the limit.
    const ended = await startSession(ownerId, { ip: null, userAgent: null });
    await endSession(hashSessionId(ended.id));
    const flooder = "203.0.113.7";
    const cookie = { cookie: `__Host-staff=${ended.id}` };
    for (let i = 0; i < MISSES; i++) expect((await read("/api/admin/orders", cookie, flooder)).statusCode).toBe(401);

    queries = 0;
    for (const url of ["/api/admin/orders", "/api/admin/session", "/api/orders"]) {
      const started = Date.now();
      const refused = await read(url, cookie, flooder);
      // After a pause: a flooding connection waits instead of asking again at once.
      expect(Date.now() - started, url).toBeGreaterThanOrEqual(900);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json().error, url).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    }
    expect(queries).toBe(0);

    // A signed-in owner elsewhere is not held back, nor a machine with the token from the same address.
    const live = await startSession(ownerId, { ip: null, userAgent: null });
    expect((await read("/api/admin/orders", { cookie: `__Host-staff=${live.id}` }, "203.0.113.8")).statusCode).toBe(200);
    expect((await read("/api/orders", { authorization: `Bearer ${MACHINE}` }, flooder)).statusCode).toBe(200);
  });
});
