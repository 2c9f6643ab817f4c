import { contactFormErrors } from "@workshop/domain/i18n/form-errors.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "#server/config.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

// Read by the first config() call, which comes after these lines.
process.env.RATE_LIMIT_CONTACT = "3/600";

let test: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
});
afterAll(() => test?.close());

/** Each test from an address of its own, so that only the rate limit's test meets the limit. */
let visitors = 0;
const newVisitor = () => `198.51.100.${++visitors}`;

const message = { name: "Ayu", email: "ayu@example.com", subject: "A hat", message: "Do you make 64 cm?" };
const send = async (payload: unknown, { from = newVisitor(), type = "application/json" } = {}) => {
  const response = await app.inject({
    method: "POST",
    url: "/api/shop/contact",
    headers: { "content-type": type },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    remoteAddress: from,
  });
  return { status: response.statusCode, body: response.json() as { error?: string; details?: Record<string, string> } };
};
const stored = async () => test.database.db.selectFrom("contactMessages").selectAll().orderBy("id").execute();

describe("POST /api/shop/contact", () => {
  it("stores the message, trimmed, with the language it was written in, and queues the shop's copy only", async () => {
    const answer = await send({ ...message, name: "  Ayu  ", lang: "ru" });
    expect(answer).toEqual({ status: 201, body: { ok: true } });
    const saved = (await stored()).at(-1)!;
    expect(saved).toMatchObject({ ...message, locale: "ru" });
    const mails = await test.database.db.selectFrom("mailOutbox").selectAll().where("contactMessageId", "=", saved.id).execute();
    expect(mails.map((m) => m.to)).toEqual([config().SHOP_MAIL_TO]);
    // No language, or one the shop does not speak: English.
    expect((await send({ ...message, lang: "de" })).status).toBe(201);
    expect((await stored()).at(-1)!.locale).toBe("en");
  });

  it("refuses wrong fields with the page's words in the form's language, storing nothing", async () => {
    const before = (await stored()).length;
    const en = await send({ name: " ", email: "nope", subject: "x".repeat(201), message: "Hi\u0007" });
    expect(en).toEqual({
      status: 400,
      body: {
        error: "Check the message",
        details: {
          name: contactFormErrors.en.required,
          email: "Please enter a valid email address",
          subject: "This is too long",
          message: "This contains characters that are not allowed",
        },
      },
    });
    const ru = await send({ ...message, email: "", name: "Ана\u0007", lang: "ru" });
    expect(ru.body.details).toEqual({ name: "Здесь есть недопустимые символы", email: "Это поле обязательно" });
    const wrongTypes = await send({ name: 42, email: ["a@b.c"], subject: null, message: { text: "hi" }, lang: ["ru"] });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.details).toEqual({
      name: "This field is required",
      email: "This field is required",
      subject: "This field is required",
      message: "This field is required",
    });
    expect((await stored()).length).toBe(before);
  });

  it.each([
    ["a NUL in a field", JSON.stringify({ ...message, message: "Hi\u0000" }), "application/json", 400],
    ["a lone surrogate", `{"name":"\\ud800","email":"a@b.c","subject":"s","message":"m"}`, "application/json", 400],
    ["a body that is not JSON", "{name:", "application/json", 400],
    ["an array", "[1,2,3]", "application/json", 400],
    ["a form post", new URLSearchParams(message).toString(), "application/x-www-form-urlencoded", 415],
    ["text", JSON.stringify(message), "text/plain", 415],
    ["a body over 100 kB", JSON.stringify({ ...message, message: "x".repeat(150_000) }), "application/json", 413],
  ])("refuses %s with %#: a 4xx {error}, and stores nothing", async (_, payload, type, status) => {
    const before = (await stored()).length;
    const answer = await send(payload, { type });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toEqual(expect.any(String));
    expect((await stored()).length).toBe(before);
  });

  it("takes POST only", async () => {
    const response = await app.inject({ method: "GET", url: "/api/shop/contact" });
    expect([response.statusCode, response.headers.allow]).toEqual([405, "POST"]);
  });

  it("counts each message against the contact limit: past it, 429 with Retry-After, and nothing stored", async () => {
    const from = "203.0.113.50";
    for (let i = 0; i < 3; i++) expect((await send(message, { from })).status).toBe(201);
    const before = (await stored()).length;
    const refused = await app.inject({
      method: "POST",
      url: "/api/shop/contact",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(message),
      remoteAddress: from,
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests/) });
    expect((await stored()).length).toBe(before);
  });
});
