import { customRequest } from "@workshop/testing/custom-request.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { storeReferencePhotos } from "./reference-photos.ts";

// Read by the first config() call, which comes after these lines.
process.env.RATE_LIMIT_CUSTOM_ORDERS = "3/600";

let test: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  await useTempStorage("shop-custom-orders");
});
afterAll(() => test?.close());

/** Each test from an address of its own, so that only the rate limit's test meets the limit. */
let visitors = 0;
const newVisitor = () => `198.51.100.${++visitors}`;

const send = async (payload: unknown, { from = newVisitor(), type = "application/json" } = {}) => {
  const response = await app.inject({
    method: "POST",
    url: "/api/shop/custom-orders",
    headers: { "content-type": type },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    remoteAddress: from,
  });
  return { status: response.statusCode, body: response.json() as { error?: string; details?: Record<string, string> } };
};
const requests = () => test.database.db.selectFrom("customOrders").selectAll().orderBy("id").execute();

describe("POST /api/shop/custom-orders", () => {
  it("stores the request with its photos in their order, and mails the customer in the form's language", async () => {
    const [a, b] = await storeReferencePhotos(
      [
        { name: "a.jpg", body: await sampleJpeg() },
        { name: "b.jpg", body: await sampleJpeg(80, 60) },
      ],
      newVisitor(),
    );
    const answer = await send({ ...customRequest, name: " Ayu ", referenceImages: [b!.id, a!.id], lang: "ru" });
    expect(answer).toEqual({ status: 201, body: { ok: true } });
    const saved = (await requests()).at(-1)!;
    expect(saved).toMatchObject({ name: "Ayu", status: "NEW", locale: "ru" });
    const photos = await test.database.db
      .selectFrom("customOrderPhotos")
      .select(["id", "position"])
      .where("customOrderId", "=", saved.id)
      .orderBy("position")
      .execute();
    expect(photos.map((p) => p.id)).toEqual([b!.id, a!.id]);
    const mails = await test.database.db.selectFrom("mailOutbox").selectAll().where("customOrderId", "=", saved.id).execute();
    expect(mails.map((m) => [m.template, m.locale]).sort()).toEqual([
      ["custom-order-received", "ru"],
      ["shop-custom-order", "en"],
    ]);
  });

  it("refuses wrong fields with the page's words in the form's language, storing nothing", async () => {
    const before = (await requests()).length;
    const en = await send({ ...customRequest, name: "", email: "nope", hatType: "Beret", details: "x".repeat(5001), phone: "\u0007" });
    expect(en).toEqual({
      status: 400,
      body: {
        error: "Check the request",
        details: {
          name: "This field is required",
          email: "Please enter a valid email address",
          hatType: "Please choose one of the options",
          details: "This is too long",
          phone: "This contains characters that are not allowed",
        },
      },
    });
    const ru = await send({ ...customRequest, timeline: "", referenceImages: ["a", "b"], lang: "ru" });
    expect(ru.body.details).toEqual({
      timeline: "Это поле обязательно",
      referenceImages: "Не удалось использовать фото. Пожалуйста, загрузите его ещё раз.",
    });
    const four = await send({ ...customRequest, referenceImages: ["a", "b", "c", "d"].map((c) => c.repeat(32)) });
    expect(four.body.details).toEqual({ referenceImages: "You can only upload up to 3 files at once." });
    const types = await send({ ...customRequest, size: 58, referenceImages: "abc", timeline: ["Flexible"] });
    expect(types.body.details).toEqual({
      size: "This field is required",
      referenceImages: "A reference image could not be used. Please upload it again.",
      timeline: "Please choose one of the options",
    });
    expect((await requests()).length).toBe(before);
  });

  it("refuses a photo already taken, or unknown, under referenceImages in the form's language: nothing stored", async () => {
    const [photo] = await storeReferencePhotos([{ name: "a.jpg", body: await sampleJpeg() }], newVisitor());
    expect((await send({ ...customRequest, referenceImages: [photo!.id] })).status).toBe(201);
    const before = (await requests()).length;
    const again = await send({ ...customRequest, referenceImages: [photo!.id], lang: "ru" });
    expect(again).toEqual({
      status: 400,
      body: {
        error: "A reference image was not found or is already part of another request. Please upload it again.",
        details: { referenceImages: "Не удалось использовать фото. Пожалуйста, загрузите его ещё раз." },
      },
    });
    const unknown = await send({ ...customRequest, referenceImages: ["q".repeat(32)] });
    expect(unknown.body.details).toEqual({ referenceImages: "A reference image could not be used. Please upload it again." });
    expect((await requests()).length).toBe(before);
  });

  it.each([
    ["a NUL in a field", JSON.stringify({ ...customRequest, details: "a\u0000b" }), "application/json", 400],
    ["a body that is not JSON", "{", "application/json", 400],
    ["a form post", "name=Ayu", "application/x-www-form-urlencoded", 415],
    ["multipart", "--x\r\n", "multipart/form-data; boundary=x", 415],
    ["a body over 100 kB", JSON.stringify({ ...customRequest, details: "é".repeat(60_000) }), "application/json", 413],
  ])("refuses %s: a 4xx {error}, and stores nothing", async (_, payload, type, status) => {
    const before = (await requests()).length;
    const answer = await send(payload, { type });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toEqual(expect.any(String));
    expect((await requests()).length).toBe(before);
  });

  it("takes POST only", async () => {
    const response = await app.inject({ method: "GET", url: "/api/shop/custom-orders" });
    expect([response.statusCode, response.headers.allow]).toEqual([405, "POST"]);
  });

  it("counts each request against the custom orders' limit: past it, 429, and nothing stored", async () => {
    const from = "203.0.113.60";
    for (let i = 0; i < 3; i++) expect((await send(customRequest, { from })).status).toBe(201);
    const before = (await requests()).length;
    const refused = await send(customRequest, { from });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many requests/);
    expect((await requests()).length).toBe(before);
  });
});
