import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CSRF_HEADER } from "@workshop/domain/staff-api.ts";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { deleteCached } from "#server/cache/shared-cache.ts";
import { getDb } from "#server/db/client.ts";
import { startSession } from "#server/staff/sessions.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { FX_CACHE_KEY, forgetRememberedRate, usdToIdrRate } from "./fx-rate.ts";

/** A rate source on loopback answering `idr` rupiah per dollar. */
let idr = 16245.12;
const source: Server = createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": "application/json" });
  response.end(JSON.stringify({ result: "success", base_code: "USD", rates: { USD: 1, IDR: idr } }));
});
const CONSOLE = "http://admin.test";
process.env.ADMIN_URL = CONSOLE;

let test: TestApp;
let app: FastifyInstance;
let owner: { cookie: string; token: string };
let staff: { cookie: string; token: string };

async function signedIn(email: string, role: "owner" | "staff") {
  const db = await getDb();
  const account = await db
    .insertInto("staffAccounts")
    .values({ email, name: email, role, passwordHash: "not used here" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id, formToken } = await startSession(account.id, { ip: "127.0.0.1", userAgent: "test" });
  return { cookie: `staff=${id}`, token: formToken };
}

beforeAll(async () => {
  await new Promise<void>((r) => source.listen(0, "127.0.0.1", r));
  process.env.FX_RATE_URL = `http://127.0.0.1:${(source.address() as AddressInfo).port}/v6/latest/USD`;
  delete process.env.FX_DEFAULT_USD_IDR; // 16777.30
  ({ app } = test = await startTestApp());
  owner = await signedIn("owner@workshop.test", "owner");
  staff = await signedIn("putu@workshop.test", "staff");
});
afterAll(async () => {
  await test?.close();
  source.closeAllConnections();
  source.close();
});

/** The next reading of the source, as after the hour the rate is kept for. */
async function readAgain(answer: number) {
  idr = answer;
  forgetRememberedRate();
  await deleteCached(FX_CACHE_KEY);
  return usdToIdrRate();
}
const state = async () => (await getDb()).selectFrom("fxRateState").selectAll().executeTakeFirst();
const heldSince = async (hoursAgo: number) =>
  sql`update fx_rate_state set pending_since = now() - make_interval(hours => ${hoursAgo})`.execute(await getDb());

beforeEach(async () => {
  await (await getDb()).deleteFrom("fxRateState").execute();
  await readAgain(16245.12);
});

describe("a reading of the rate source far from the rate in use", () => {
  it("is not taken (the last good rate kept, a warning logged) when it jumps more than 20 %: a hat is never priced at 6 % of its price", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (const broken of [1000, 1000.5, 12_000, 99_999]) {
        expect(await readAgain(broken)).toMatchObject({ rate: "16245.12", source: "cache" });
      }
      expect(warn.mock.calls.some(([line]) => /99999\.00 from the source is more than 20 % from 16245\.12 in use/.test(String(line)))).toBe(
        true,
      );
    } finally {
      warn.mockRestore();
    }
    // Within 20 %, a reading is taken as before.
    expect(await readAgain(13_100)).toMatchObject({ rate: "13100.00", source: "live" });
    expect(await readAgain(15_700)).toMatchObject({ rate: "15700.00", source: "live" });
    expect((await app.inject("/api/rates/usd-idr")).json()).toMatchObject({ rate: 15700, rateText: "15700.00", fallback: false });
  });

  it("is taken once it has held for a day; a reading near the rate in use meanwhile forgets it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await readAgain(21_000)).rate).toBe("16245.12");
    await heldSince(23);
    expect((await readAgain(21_100)).rate).toBe("16245.12");
    await heldSince(25);
    expect(await readAgain(21_050)).toMatchObject({ rate: "21050.00", source: "live" });
    expect(await state()).toMatchObject({ rateInUse: "21050.00", pendingRate: null });

    // Held back again, then the source comes back to the rate in use: the jump is forgotten.
    expect((await readAgain(30_000)).rate).toBe("21050.00");
    expect((await readAgain(21_000)).rate).toBe("21000.00");
    await heldSince(48);
    expect((await readAgain(30_000)).rate).toBe("21000.00");
    vi.restoreAllMocks();
  });

  it("is held back from the configured default before any reading was taken", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await (await getDb()).deleteFrom("fxRateState").execute();
    expect(await readAgain(1200)).toMatchObject({ rate: "16777.30", source: "fallback" });
    vi.restoreAllMocks();
  });
});

describe("staff confirming a held-back rate", () => {
  const ask = (
    method: "GET" | "POST",
    url: string,
    who?: { cookie: string; token: string },
    body?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: {
        ...(who ? { cookie: who.cookie, [CSRF_HEADER]: who.token, origin: CONSOLE } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      payload: body ? JSON.stringify(body) : undefined,
    });
  const confirm = (who: { cookie: string; token: string } | undefined, body: object, headers: Record<string, string> = {}) =>
    ask("POST", "/api/admin/exchange-rate/confirm", who, body, headers);

  it("shows the rate in use and the held-back reading, with when it would be taken", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await readAgain(25_000);
    vi.restoreAllMocks();
    const answer = await ask("GET", "/api/admin/exchange-rate", staff);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ rate: "16245.12", held: { rate: "25000.00" } });
    expect(Date.parse(body.held.takenAt) - Date.parse(body.held.since)).toBe(24 * 3600 * 1000);
    expect((await ask("GET", "/api/admin/exchange-rate")).statusCode).toBe(401);
  });

  it("refuses strangers, staff who are not owners, another origin, a missing token, a wrong body and another rate, each with its {error}", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await readAgain(25_000);
    vi.restoreAllMocks();
    const refusals: [number, Awaited<ReturnType<typeof confirm>>][] = [
      [401, await confirm(undefined, { rate: "25000.00" })],
      [403, await confirm(staff, { rate: "25000.00" })],
      [403, await confirm(owner, { rate: "25000.00" }, { origin: "http://shop.test" })],
      [403, await confirm(owner, { rate: "25000.00" }, { [CSRF_HEADER]: "wrong" })],
      [400, await confirm(owner, { rate: "lots" })],
      [409, await confirm(owner, { rate: "24000.00" })],
    ];
    for (const [status, answer] of refusals) {
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json()).toMatchObject({ error: expect.any(String) });
    }
    expect(await state()).toMatchObject({ rateInUse: "16245.12", pendingRate: "25000.00" });
    expect((await usdToIdrRate()).rate).toBe("16245.12");
  });

  it("takes it at once for prices and records who did in the audit log; nothing to confirm then is a 409", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await readAgain(25_000);
    vi.restoreAllMocks();
    const answer = await confirm(owner, { rate: "25000.00" });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ rate: "25000.00", held: null });
    expect(await usdToIdrRate()).toMatchObject({ rate: "25000.00" });
    expect((await app.inject("/api/rates/usd-idr")).json()).toMatchObject({ rateText: "25000.00" });
    const audit = await (await getDb())
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "exchange-rate-confirmed")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: "owner@workshop.test", recordType: "exchange-rate", recordId: "USD:IDR" });
    expect(audit.before).toEqual({ rate: "16245.12" });
    expect(audit.after).toEqual({ rate: "25000.00" });
    // The next reading near it is taken as usual.
    expect((await readAgain(25_100)).rate).toBe("25100.00");
    const again = await confirm(owner, { rate: "25000.00" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "No exchange rate is waiting for confirmation." });
  });
});
