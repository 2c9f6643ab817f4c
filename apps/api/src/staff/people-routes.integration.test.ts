import { staffChangeAnswer, staffListAnswer } from "@workshop/domain/staff-api/accounts.ts";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { startSession } from "./sessions.ts";

// Read by the first config() call, which comes after these lines.
const SHOP = "https://shop.example";
const CONSOLE = "https://admin.shop.example";
process.env.PUBLIC_URL = SHOP;
process.env.ADMIN_URL = CONSOLE;

const ownerPassword = "Tegallalang-rice-terrace-41";
let test: TestApp;
let app: FastifyInstance;
let ownerId: number;
let staffId: number;
type Browser = { cookie: string; token: string };
let owner: Browser;
let staff: Browser;

async function account(email: string, role: "owner" | "staff", password = "not used here") {
  const row = await test.database.db
    .insertInto("staffAccounts")
    .values({ email, name: email.split("@")[0]!, role, passwordHash: await hashPassword(password) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
async function browserOf(id: number): Promise<Browser> {
  const { id: session, formToken } = await startSession(id, { ip: "127.0.0.1", userAgent: "test" });
  return { cookie: `__Host-staff=${session}`, token: formToken };
}

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  ownerId = await account("made@workshop.test", "owner", ownerPassword);
  staffId = await account("ketut@workshop.test", "staff");
  [owner, staff] = [await browserOf(ownerId), await browserOf(staffId)];
});
afterAll(() => test?.close());

/** A call from the console: its origin, the cookie and (unless `token: null`) the CSRF token. */
const call = (
  url: string,
  { as, body, method = "GET", token }: { as?: Browser; body?: unknown; method?: InjectOptions["method"]; token?: string | null } = {},
) =>
  app.inject({
    method,
    url,
    headers: {
      origin: CONSOLE,
      ...(as ? { cookie: as.cookie } : {}),
      ...(as && token !== null ? { "x-csrf-token": token ?? as.token } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

const newPerson = { email: "wayan@workshop.test", name: "Wayan", role: "staff", locale: "ru", choice: "generate" };
const accountsCount = async () => (await test.database.db.selectFrom("staffAccounts").select("id").execute()).length;

describe("the staff accounts (/api/admin/staff)", () => {
  it("is 401 for a stranger and 403 for staff, on every endpoint, before any 400 or 404", async () => {
    const endpoints: [string, InjectOptions["method"], unknown?][] = [
      ["/api/admin/staff", "GET"],
      ["/api/admin/staff", "POST", {}],
      ["/api/admin/staff/99999/disable", "POST"],
      ["/api/admin/staff/99999/enable", "POST"],
      ["/api/admin/staff/99999/password", "POST", {}],
    ];
    for (const [url, method, body] of endpoints) {
      const stranger = await call(url, { method, body });
      expect([url, stranger.statusCode]).toEqual([url, 401]);
      const refused = await call(url, { method, body, as: staff });
      expect([url, refused.statusCode, refused.json()]).toEqual([
        url,
        403,
        { error: "Only an owner may do this.", details: { problem: "ownersOnly" } },
      ]);
    }
  });

  it("lists every account to an owner, owners first, with who asks", async () => {
    const answer = await call("/api/admin/staff", { as: owner });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const list = staffListAnswer.parse(answer.json());
    expect(list.meId).toBe(ownerId);
    expect(list.accounts.map((a) => a.email)).toEqual(["made@workshop.test", "ketut@workshop.test"]);
  });

  it("adds an account with a made password shown once, which signs in", async () => {
    const answer = await call("/api/admin/staff", { as: owner, method: "POST", body: newPerson });
    expect(answer.statusCode, answer.body).toBe(201);
    const { account, password } = staffChangeAnswer.parse(answer.json());
    expect(account).toMatchObject({ email: "wayan@workshop.test", role: "staff", locale: "ru", disabledAt: null });
    const row = await test.database.db
      .selectFrom("staffAccounts")
      .select("passwordHash")
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.passwordHash, password!)).toBe(true);
    // The same e-mail again is taken.
    const again = await call("/api/admin/staff", { as: owner, method: "POST", body: newPerson });
    expect([again.statusCode, again.json().details]).toEqual([409, { email: "emailTaken" }]);
  });

  it("names each wrong field (400) and adds nothing", async () => {
    const before = await accountsCount();
    const bad = await call("/api/admin/staff", {
      as: owner,
      method: "POST",
      body: { email: "not an address", name: "", role: "boss", locale: "fr", choice: "own" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ email: "emailInvalid", name: "nameRequired", role: "roleInvalid", locale: "localeInvalid" });
    const weak = await call("/api/admin/staff", {
      as: owner,
      method: "POST",
      body: { ...newPerson, email: "nyoman@workshop.test", choice: "own", password: "password" },
    });
    expect([weak.statusCode, weak.json().details]).toEqual([400, { password: "passwordTooShort" }]);
    const none = await call("/api/admin/staff", {
      as: owner,
      method: "POST",
      body: { ...newPerson, email: "nyoman@workshop.test", choice: "own" },
    });
    expect([none.statusCode, none.json().details]).toEqual([400, { password: "required" }]);
    expect(await accountsCount()).toBe(before);
  });

  it("refuses a write without the CSRF token (403) and changes nothing", async () => {
    const before = await accountsCount();
    for (const token of [null, "wrong-token"]) {
      const answer = await call("/api/admin/staff", {
        as: owner,
        method: "POST",
        body: { ...newPerson, email: "komang@workshop.test" },
        token,
      });
      expect([answer.statusCode, answer.json().error]).toEqual([403, "Missing or wrong CSRF token: reload the page"]);
      const disable = await call(`/api/admin/staff/${staffId}/disable`, { as: owner, method: "POST", token });
      expect(disable.statusCode).toBe(403);
    }
    expect(await accountsCount()).toBe(before);
    const row = await test.database.db.selectFrom("staffAccounts").select("disabledAt").where("id", "=", staffId).executeTakeFirstOrThrow();
    expect(row.disabledAt).toBeNull();
  });

  it("is 404 for an unknown account", async () => {
    for (const action of ["disable", "enable", "password"]) {
      for (const id of ["99999", "abc"]) {
        const answer = await call(`/api/admin/staff/${id}/${action}`, {
          as: owner,
          method: "POST",
          body: action === "password" ? { choice: "generate" } : undefined,
        });
        expect([action, id, answer.statusCode]).toEqual([action, id, 404]);
      }
    }
  });

  it("disables and enables someone (their sessions end), never oneself", async () => {
    const victim = await browserOf(staffId);
    const disabled = await call(`/api/admin/staff/${staffId}/disable`, { as: owner, method: "POST" });
    expect(disabled.statusCode).toBe(200);
    expect(staffChangeAnswer.parse(disabled.json()).account.disabledAt).not.toBeNull();
    expect((await call("/api/admin/session", { as: victim })).statusCode).toBe(401);
    const enabled = await call(`/api/admin/staff/${staffId}/enable`, { as: owner, method: "POST" });
    expect(staffChangeAnswer.parse(enabled.json()).account.disabledAt).toBeNull();
    const self = await call(`/api/admin/staff/${ownerId}/disable`, { as: owner, method: "POST" });
    expect([self.statusCode, self.json().details]).toEqual([409, { problem: "disableSelf" }]);
  });

  it("resets someone's password (shown once, or typed), not one's own", async () => {
    const made = await call(`/api/admin/staff/${staffId}/password`, { as: owner, method: "POST", body: { choice: "generate" } });
    expect(made.statusCode).toBe(200);
    expect(staffChangeAnswer.parse(made.json()).password).toMatch(/^[\w-]{20}$/);
    const typed = await call(`/api/admin/staff/${staffId}/password`, {
      as: owner,
      method: "POST",
      body: { choice: "own", password: "Sayan-ridge-walk-at-dawn" },
    });
    expect([typed.statusCode, typed.json().password]).toEqual([200, undefined]);
    const own = await call(`/api/admin/staff/${ownerId}/password`, { as: owner, method: "POST", body: { choice: "generate" } });
    expect([own.statusCode, own.json().details]).toEqual([403, { problem: "resetSelf" }]);
  });
});

describe("one's own password (PATCH /api/admin/account/password)", () => {
  const url = "/api/admin/account/password";

  it("is 401 for a stranger, 403 without the CSRF token", async () => {
    const body = { current: ownerPassword, next: "Sidemen-valley-mornings-2", repeat: "Sidemen-valley-mornings-2" };
    expect((await call(url, { method: "PATCH", body })).statusCode).toBe(401);
    expect((await call(url, { as: owner, method: "PATCH", body, token: null })).statusCode).toBe(403);
    // Still the old password: nothing changed.
    const row = await test.database.db
      .selectFrom("staffAccounts")
      .select("passwordHash")
      .where("id", "=", ownerId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.passwordHash, ownerPassword)).toBe(true);
  });

  it("names each wrong field: missing, not repeated, the current one wrong, the policy's", async () => {
    const missing = await call(url, { as: owner, method: "PATCH", body: {} });
    expect([missing.statusCode, missing.json().details]).toEqual([400, { current: "required", next: "required", repeat: "required" }]);
    const differ = await call(url, {
      as: owner,
      method: "PATCH",
      body: { current: ownerPassword, next: "Sidemen-valley-mornings-2", repeat: "other-one-entirely" },
    });
    expect([differ.statusCode, differ.json().details]).toEqual([400, { repeat: "repeat" }]);
    const wrong = await call(url, {
      as: owner,
      method: "PATCH",
      body: { current: "not-my-password", next: "Sidemen-valley-mornings-2", repeat: "Sidemen-valley-mornings-2" },
    });
    expect([wrong.statusCode, wrong.json().details]).toEqual([400, { current: "wrongPassword" }]);
    await test.database.db.deleteFrom("rateLimits").execute();
    const common = await call(url, {
      as: owner,
      method: "PATCH",
      body: { current: ownerPassword, next: "rumahtopi2026!", repeat: "rumahtopi2026!" },
    });
    expect([common.statusCode, common.json().details]).toEqual([400, { next: "passwordSimple" }]);
  });

  it("changes it (204): a new session for this browser, the old one ended", async () => {
    const mine = await browserOf(ownerId);
    const next = "Sidemen-valley-mornings-2";
    const answer = await call(url, { as: mine, method: "PATCH", body: { current: ownerPassword, next, repeat: next } });
    expect(answer.statusCode, answer.body).toBe(204);
    const cookie = String(answer.headers["set-cookie"]).split(";")[0]!;
    expect((await call("/api/admin/session", { as: mine })).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/admin/session", headers: { cookie } })).statusCode).toBe(200);
    const row = await test.database.db
      .selectFrom("staffAccounts")
      .select("passwordHash")
      .where("id", "=", ownerId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.passwordHash, next)).toBe(true);
  });
});
