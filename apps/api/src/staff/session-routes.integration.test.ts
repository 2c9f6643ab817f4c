import { sessionAnswer } from "@workshop/domain/staff-api.ts";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { hashPassword } from "./passwords.ts";
import { hashSessionId } from "./sessions.ts";
import { SIGN_IN_FAILURES } from "./sign-in.ts";

// Read by the first config() call, which comes after these lines.
const SHOP = "https://shop.example";
const CONSOLE = "https://admin.shop.example";
process.env.PUBLIC_URL = SHOP;
process.env.ADMIN_URL = `${CONSOLE}/`;

const password = "Tegallalang-rice-terrace-41";
const email = "ketut@workshop.test";

let test: TestApp;
let app: FastifyInstance;
let database: DatabaseHandle;
let staffId: number;

beforeAll(async () => {
  ({ app, database } = test = await startTestApp());
  const row = await database.db
    .insertInto("staffAccounts")
    .values({ email, name: "Ketut", role: "staff", locale: "en", passwordHash: await hashPassword(password) })
    .returning("id")
    .executeTakeFirstOrThrow();
  staffId = row.id;
});
afterAll(() => test?.close());
beforeEach(async () => {
  await database.db.deleteFrom("rateLimits").execute();
  await database.db.updateTable("staffAccounts").set({ locale: "en" }).execute();
});

type Call = {
  method?: InjectOptions["method"];
  headers?: Record<string, string>;
  body?: unknown;
  payload?: string;
  remoteAddress?: string;
};
/** A request to /api/admin/session; `body` is sent as JSON, `payload` as it is. */
const session = ({ body, headers, payload, ...rest }: Call = {}) =>
  app.inject({
    url: "/api/admin/session",
    ...rest,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    payload: body === undefined ? payload : JSON.stringify(body),
  });

/** Signs in from the console; answers the cookie to send back and the session's token. */
async function signedIn(address = "198.51.100.10") {
  const answer = await session({ method: "POST", headers: { origin: CONSOLE }, body: { email, password }, remoteAddress: address });
  expect(answer.statusCode, answer.body).toBe(200);
  const setCookie = String(answer.headers["set-cookie"]);
  return { cookie: setCookie.split(";")[0]!, token: (answer.json() as { csrfToken: string }).csrfToken, setCookie };
}

const sessionsOfAccount = async () =>
  (await database.db.selectFrom("staffSessions").select("idHash").where("staffId", "=", staffId).execute()).map((r) => r.idHash);
const localeOfAccount = async () =>
  (await database.db.selectFrom("staffAccounts").select("locale").where("id", "=", staffId).executeTakeFirstOrThrow()).locale;

describe("GET /api/admin/session", () => {
  it("is 401 'Not signed in' without a session (a customer's cookie, a made-up one), never kept by a cache", async () => {
    for (const cookie of [undefined, "checkout=abc", `__Host-staff=${"x".repeat(43)}`]) {
      const answer = await session({ headers: cookie ? { cookie } : {} });
      expect([answer.statusCode, answer.json()]).toEqual([401, { error: "Not signed in" }]);
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
  });

  it("answers the signed-in person and the session's form token", async () => {
    const { cookie, token } = await signedIn();
    const answer = await session({ headers: { cookie } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.json()).toEqual({ staff: { id: staffId, email, name: "Ketut", role: "staff", locale: "en" }, csrfToken: token });
    const id = cookie.split("=")[1]!;
    const row = await database.db
      .selectFrom("staffSessions")
      .select("formToken")
      .where("idHash", "=", hashSessionId(id))
      .executeTakeFirst();
    expect(row?.formToken).toBe(token);
  });
});

describe("POST /api/admin/session (signing in)", () => {
  it("starts a session from the console: the answer, and the shop's HttpOnly, Secure __Host- cookie", async () => {
    const before = await sessionsOfAccount();
    const { setCookie, cookie } = await signedIn();
    expect(setCookie).toMatch(/^__Host-staff=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const after = await sessionsOfAccount();
    expect(after).toHaveLength(before.length + 1);
    expect(after).toContain(hashSessionId(cookie.split("=")[1]!));
    // E-mail in any case and with spaces, as the sign-in page takes it.
    const spaced = await session({
      method: "POST",
      headers: { origin: CONSOLE },
      body: { email: "  KETUT@workshop.test ", password },
      remoteAddress: "198.51.100.11",
    });
    expect(spaced.statusCode).toBe(200);
    expect(sessionAnswer.parse(spaced.json()).staff.id).toBe(staffId);
  });

  it("names each missing field (400), and starts nothing", async () => {
    const before = await sessionsOfAccount();
    const post = (body: unknown) => session({ method: "POST", headers: { origin: CONSOLE }, body });
    const none = await post({});
    expect([none.statusCode, none.json()]).toEqual([
      400,
      { error: "Enter your e-mail and password", details: { email: "Enter your e-mail", password: "Enter your password" } },
    ]);
    const noPassword = await post({ email, password: "" });
    expect([noPassword.statusCode, noPassword.json()]).toEqual([
      400,
      { error: "Enter your e-mail and password", details: { password: "Enter your password" } },
    ]);
    const blankEmail = await post({ email: "   ", password });
    expect(blankEmail.json().details).toEqual({ email: "Enter your e-mail" });
    const notJson = await session({ method: "POST", headers: { origin: CONSOLE, "content-type": "application/json" }, payload: "{email" });
    expect([notJson.statusCode, notJson.json().details]).toEqual([400, { email: "Enter your e-mail", password: "Enter your password" }]);
    expect(await sessionsOfAccount()).toEqual(before);
  });

  it("is 401 'Wrong e-mail or password' for a wrong password and an unknown e-mail, without a cookie", async () => {
    for (const body of [
      { email, password: "not-the-password-at-all" },
      { email: "nobody@workshop.test", password },
    ]) {
      const answer = await session({ method: "POST", headers: { origin: CONSOLE }, body });
      expect([answer.statusCode, answer.json()]).toEqual([401, { error: "Wrong e-mail or password" }]);
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
  });

  it(`is 429 with Retry-After after ${SIGN_IN_FAILURES} failures from one address, the right password too`, async () => {
    const from = "203.0.113.99";
    for (let i = 0; i < SIGN_IN_FAILURES; i++) {
      const wrong = await session({
        method: "POST",
        headers: { origin: CONSOLE },
        body: { email, password: `guess-${i}-xxxxxx` },
        remoteAddress: from,
      });
      expect(wrong.statusCode).toBe(401);
    }
    const limited = await session({ method: "POST", headers: { origin: CONSOLE }, body: { email, password }, remoteAddress: from });
    expect(limited.statusCode).toBe(429);
    const body = limited.json() as { error: string; retryAfter: number };
    expect(body.error).toMatch(/^Too many failed sign-ins\. Try again in 15 min\.$/);
    expect(body.retryAfter).toBeGreaterThan(14 * 60);
    expect(body.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.headers["retry-after"]).toBe(String(body.retryAfter));
    expect(limited.headers["set-cookie"]).toBeUndefined();
    // Another address is not held back by that one.
    expect(
      (await session({ method: "POST", headers: { origin: CONSOLE }, body: { email, password }, remoteAddress: "203.0.113.100" }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses a sign-in posted from another site (login CSRF): 403, no session, no cookie", async () => {
    const before = await sessionsOfAccount();
    for (const headers of [
      // The shop's own pages too: the console's cookie reaches the shop's port (cookies ignore ports).
      { origin: SHOP },
      { origin: "https://evil.shop.example" },
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      {},
    ] as Record<string, string>[]) {
      const answer = await session({ method: "POST", headers, body: { email, password } });
      expect([answer.statusCode, answer.json()], JSON.stringify(headers)).toEqual([403, { error: "Cross-site request refused" }]);
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    expect(await sessionsOfAccount()).toEqual(before);
  });
});

describe("PATCH /api/admin/session (the person's language)", () => {
  it("sets the account's language with the session's token, and answers the session as it is now", async () => {
    const { cookie, token } = await signedIn();
    const answer = await session({ method: "PATCH", headers: { cookie, origin: CONSOLE, "x-csrf-token": token }, body: { locale: "ru" } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ staff: { id: staffId, email, name: "Ketut", role: "staff", locale: "ru" }, csrfToken: token });
    expect(await localeOfAccount()).toBe("ru");
    expect((await session({ headers: { cookie } })).json().staff.locale).toBe("ru");
  });

  it("refuses a language the admin does not have (400 naming it), a stranger (401), a missing or another session's token (403)", async () => {
    const mine = await signedIn("198.51.100.20");
    const other = await signedIn("198.51.100.21");
    const patch = (headers: Record<string, string>, body: unknown = { locale: "ru" }) => session({ method: "PATCH", headers, body });
    const unknown = await patch({ cookie: mine.cookie, origin: CONSOLE, "x-csrf-token": mine.token }, { locale: "de" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ details: { locale: expect.any(String) } });
    expect((await patch({ origin: CONSOLE, "x-csrf-token": mine.token })).json()).toEqual({ error: "Not signed in" });
    for (const headers of [
      { cookie: mine.cookie, origin: CONSOLE },
      { cookie: mine.cookie, origin: CONSOLE, "x-csrf-token": other.token },
      { cookie: mine.cookie, origin: CONSOLE, "x-csrf-token": "" },
    ] as Record<string, string>[]) {
      const refused = await patch(headers);
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: "Missing or wrong CSRF token: reload the page" }]);
    }
    const crossSite = await patch({ cookie: mine.cookie, origin: "https://evil.shop.example", "x-csrf-token": mine.token });
    expect([crossSite.statusCode, crossSite.json()]).toEqual([403, { error: "Cross-site request refused" }]);
    expect(await localeOfAccount()).toBe("en");
  });
});

describe("DELETE /api/admin/session (signing out)", () => {
  it("ends this session only, with the token: 204 and the cookie cleared", async () => {
    const mine = await signedIn("198.51.100.30");
    const other = await signedIn("198.51.100.31");
    const refused = await session({ method: "DELETE", headers: { cookie: mine.cookie, origin: CONSOLE } });
    expect(refused.statusCode).toBe(403);
    expect((await session({ headers: { cookie: mine.cookie } })).statusCode).toBe(200);

    const out = await session({ method: "DELETE", headers: { cookie: mine.cookie, origin: CONSOLE, "x-csrf-token": mine.token } });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe("");
    expect(String(out.headers["set-cookie"])).toMatch(/^__Host-staff=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect((await session({ headers: { cookie: mine.cookie } })).statusCode).toBe(401);
    expect((await session({ headers: { cookie: other.cookie } })).statusCode).toBe(200);
    const audit = await database.db
      .selectFrom("auditLog")
      .select("action")
      .where("staffId", "=", staffId)
      .where("action", "=", "sign-out")
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe("/api/admin/session, other methods", () => {
  it("answers 405 with Allow", async () => {
    const answer = await session({ method: "PUT", body: {} });
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe("GET, POST, PATCH, DELETE");
  });
});

describe("CORS for the staff console", () => {
  const preflight = (origin: string, method = "PATCH") =>
    app.inject({
      method: "OPTIONS",
      url: "/api/admin/session",
      headers: { origin, "access-control-request-method": method, "access-control-request-headers": "content-type,x-csrf-token" },
    });

  it("lets ADMIN_URL call with credentials, a JSON body and X-CSRF-Token", async () => {
    const answer = await preflight(CONSOLE);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers["access-control-allow-origin"]).toBe(CONSOLE);
    expect(answer.headers["access-control-allow-credentials"]).toBe("true");
    const allowed = String(answer.headers["access-control-allow-headers"])
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(["content-type", "x-csrf-token"]));
    expect(String(answer.headers["access-control-allow-methods"])).toMatch(/PATCH/);
    const read = await session({ headers: { origin: CONSOLE } });
    expect(read.headers["access-control-allow-origin"]).toBe(CONSOLE);
    expect(read.headers["access-control-allow-credentials"]).toBe("true");
  });

  it("gives a sibling of the console, or any other origin, no CORS header", async () => {
    for (const origin of ["https://evil.shop.example", "http://admin.shop.example", "https://admin.shop.example.evil.example", "null"]) {
      for (const answer of [await preflight(origin), await session({ headers: { origin } })]) {
        expect(answer.headers["access-control-allow-origin"], origin).toBeUndefined();
        expect(answer.headers["access-control-allow-credentials"], origin).toBeUndefined();
      }
    }
  });
});
