import { inboxListAnswer, inboxMessageAnswer } from "@workshop/domain/staff-api/inbox.ts";
import { contactSchema } from "@workshop/domain/validation/contact.ts";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "#server/staff/sessions.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { saveContactMessage } from "./contact.ts";

// Read by the first config() call, which comes after these lines.
const CONSOLE = "https://admin.shop.example";
process.env.ADMIN_URL = CONSOLE;

let test: TestApp;
let app: FastifyInstance;
let cookie: string;
let token: string;
let first: number;
let second: number;

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  const account = await test.database.db
    .insertInto("staffAccounts")
    .values({ email: "made@workshop.test", name: "Made", role: "staff", passwordHash: "not used here" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const session = await startSession(account.id, { ip: "127.0.0.1", userAgent: "test" });
  cookie = `staff=${session.id}`;
  token = session.formToken;
  const message = (subject: string) =>
    contactSchema.parse({ name: "Ayu", email: "ayu@example.com", subject, message: "Do you make 64 cm?" });
  first = await saveContactMessage(message("Size 64?"), "en");
  second = await saveContactMessage(message("Размер 60"), "ru");
});
afterAll(() => test?.close());

type Call = { method?: InjectOptions["method"]; headers?: Record<string, string>; body?: unknown };
const call = (url: string, { method = "GET", headers = { cookie }, body }: Call = {}) =>
  app.inject({
    url,
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
const write = (): Record<string, string> => ({ cookie, origin: CONSOLE });
const withToken = () => ({ cookie, origin: CONSOLE, "x-csrf-token": token });
const repliesTo = (id: number) =>
  test.database.db
    .selectFrom("mailOutbox")
    .selectAll()
    .where("contactMessageId", "=", id)
    .where("template", "=", "message-reply")
    .execute();
const nonce = (n: number) => `console-reply-nonce-${n}`;

describe("the console's inbox API", () => {
  it("is 401 for a stranger on every endpoint, whatever the query or body", async () => {
    const stranger = { origin: CONSOLE };
    for (const [url, method] of [
      ["/api/admin/inbox?filter=lost", "GET"],
      [`/api/admin/inbox/${first}`, "GET"],
      [`/api/admin/inbox/${first}`, "PATCH"],
      [`/api/admin/inbox/${first}/replies`, "POST"],
    ] as const) {
      const answer = await call(url, { method, headers: stranger, body: method === "GET" ? undefined : {} });
      expect([answer.statusCode, answer.json()]).toEqual([401, { error: "Sign in as staff, or send a valid staff token" }]);
    }
    expect(await repliesTo(first)).toEqual([]);
  });

  it("lists the messages newest first with their state, by filter and page; an unknown value is a 400 naming it", async () => {
    const answer = await call("/api/admin/inbox");
    expect(answer.headers["cache-control"]).toBe("no-store");
    const list = inboxListAnswer.strict().parse(answer.json());
    expect([list.page, list.size, list.total, list.pages]).toEqual([1, 20, 2, 1]);
    expect(list.rows.map((r) => [r.id, r.subject, r.state, r.locale])).toEqual([
      [second, "Размер 60", "unread", "ru"],
      [first, "Size 64?", "unread", "en"],
    ]);
    const handled = inboxListAnswer.parse((await call("/api/admin/inbox?filter=handled&size=50")).json());
    expect([handled.rows, handled.size]).toEqual([[], 50]);
    const wrong = await call("/api/admin/inbox?filter=lost&size=7&page=");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: "Unknown list value: size, filter",
      details: { size: expect.any(String), filter: expect.any(String) },
    });
  });

  it("opens a message (marking it read) with its replies; an unknown or malformed id is a 404", async () => {
    const answer = await call(`/api/admin/inbox/${first}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const opened = inboxMessageAnswer.parse(answer.json());
    expect(opened.message).toMatchObject({ id: first, subject: "Size 64?", message: "Do you make 64 cm?", state: "open" });
    expect(opened.message.readAt).not.toBeNull();
    expect(opened.replies).toEqual([]);
    for (const id of ["999999", "abc", "0"]) {
      const missing = await call(`/api/admin/inbox/${id}`);
      expect([missing.statusCode, missing.json()]).toEqual([404, { error: "No such message" }]);
    }
  });

  it("refuses a reply without the CSRF token (403), and a reply from another site, queuing nothing", async () => {
    const body = { text: "Yes, we do.", nonce: nonce(1) };
    const noToken = await call(`/api/admin/inbox/${first}/replies`, { method: "POST", headers: write(), body });
    expect([noToken.statusCode, noToken.json()]).toEqual([403, { error: "Missing or wrong CSRF token: reload the page" }]);
    const wrongToken = await call(`/api/admin/inbox/${first}/replies`, {
      method: "POST",
      headers: { ...write(), "x-csrf-token": "not-the-token" },
      body,
    });
    expect(wrongToken.statusCode).toBe(403);
    const crossSite = await call(`/api/admin/inbox/${first}/replies`, {
      method: "POST",
      headers: { ...withToken(), origin: "https://evil.example" },
      body,
    });
    expect([crossSite.statusCode, crossSite.json()]).toEqual([403, { error: "Cross-site request refused" }]);
    expect(await repliesTo(first)).toEqual([]);
  });

  it("refuses a bad reply with a 400 naming each field, and a reply to an unknown message with a 404", async () => {
    const bad = await call(`/api/admin/inbox/${first}/replies`, { method: "POST", headers: withToken(), body: { text: "  ", nonce: "x" } });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: "Check the reply", details: { text: "required", nonce: "characters" } }]);
    const empty = await call(`/api/admin/inbox/${first}/replies`, { method: "POST", headers: withToken() });
    expect([empty.statusCode, empty.json()]).toEqual([400, { error: "Check the reply", details: { text: "required", nonce: "required" } }]);
    const unknown = await call("/api/admin/inbox/999999/replies", {
      method: "POST",
      headers: withToken(),
      body: { text: "Hello", nonce: nonce(2) },
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: "No such message" }]);
    expect(await repliesTo(first)).toEqual([]);
  });

  it("queues a reply once per form: the same nonce again queues nothing", async () => {
    const body = { subject: "", text: "Yes,\r\nwe do.", nonce: nonce(3) };
    const sent = await call(`/api/admin/inbox/${second}/replies`, { method: "POST", headers: withToken(), body });
    expect([sent.statusCode, sent.json()]).toEqual([201, { queued: true }]);
    const again = await call(`/api/admin/inbox/${second}/replies`, { method: "POST", headers: withToken(), body });
    expect([again.statusCode, again.json()]).toEqual([200, { queued: false }]);
    const mails = await repliesTo(second);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "ayu@example.com", subject: "Re: Размер 60", locale: "ru" });

    const opened = inboxMessageAnswer.parse((await call(`/api/admin/inbox/${second}`)).json());
    expect(opened.replies).toEqual([
      expect.objectContaining({
        subject: "Re: Размер 60",
        text: expect.stringContaining("Yes,\nwe do.\n"),
        by: "made@workshop.test",
        status: "pending",
      }),
    ]);
  });

  it("marks a message handled and open again (with the token), a wrong body being a 400", async () => {
    const url = `/api/admin/inbox/${second}`;
    const noToken = await call(url, { method: "PATCH", headers: write(), body: { handled: true } });
    expect(noToken.statusCode).toBe(403);
    const bad = await call(url, { method: "PATCH", headers: withToken(), body: { handled: "yes" } });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { error: "Say whether the message is handled", details: { handled: "true or false" } },
    ]);
    const handled = await call(url, { method: "PATCH", headers: withToken(), body: { handled: true } });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(inboxMessageAnswer.parse(handled.json()).message.state).toBe("handled");
    const list = inboxListAnswer.parse((await call("/api/admin/inbox?filter=handled")).json());
    expect(list.rows.map((r) => r.id)).toEqual([second]);
    const reopened = await call(url, { method: "PATCH", headers: withToken(), body: { handled: false } });
    expect(inboxMessageAnswer.parse(reopened.json()).message).toMatchObject({ state: "open", handledAt: null });
    const missing = await call("/api/admin/inbox/999999", { method: "PATCH", headers: withToken(), body: { handled: true } });
    expect(missing.statusCode).toBe(404);
  });
});
