import Fastify, { type FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { jsonApi, jsonBody, methodNotAllowed } from "./json-api.ts";

/** Routes that fail in each way a route can, in the JSON API's scope. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/invalid", async () => {
    throw new AppError("invalid", "Invalid order", [{ path: "total", message: "does not match" }]);
  });
  app.get("/api/broken", async () => {
    throw new Error("connection refused at 10.0.0.3");
  });
  app.get("/api/items/:id", { schema: { params: z.object({ id: z.coerce.number().int().positive() }) } }, async (request) => ({
    id: request.params.id,
  }));
  app.post("/api/echo", async (request) => ({ got: jsonBody(request) }));
  app.get("/api/echo", methodNotAllowed("POST", "Use POST to echo"));
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(jsonApi([routes]));
});
afterAll(() => app.close());

const post = (payload: string, type = "application/json") =>
  app.inject({ method: "POST", url: "/api/echo", headers: { "content-type": type }, payload });

describe("the JSON API's answers to errors", () => {
  it("an AppError is {error, details?} with its status", async () => {
    const answer = await app.inject("/api/invalid");
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      { error: "Invalid order", details: [{ path: "total", message: "does not match" }] },
    ]);
  });

  it("anything else is an opaque 500 that names nothing of the server", async () => {
    const answer = await app.inject("/api/broken");
    expect([answer.statusCode, answer.json()]).toEqual([500, { error: "Internal server error" }]);
  });

  it("a value its zod schema refuses is a 400 naming the field", async () => {
    expect((await app.inject("/api/items/7")).json()).toEqual({ id: 7 });
    const answer = await app.inject("/api/items/-1");
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatch(/^id: /);
  });

  it("an unknown /api/ path is a JSON 404; a wrong method a 405 with Allow", async () => {
    for (const url of ["/api", "/api/nothing/here"]) expect([url, (await app.inject(url)).json()]).toEqual([url, { error: "Not found" }]);
    const wrong = await app.inject("/api/echo");
    expect([wrong.statusCode, wrong.headers.allow, wrong.json()]).toEqual([405, "POST", { error: "Use POST to echo" }]);
  });
});

describe("the JSON API's bodies", () => {
  it("takes JSON", async () => {
    expect((await post('{"a":[1,"b"]}')).json()).toEqual({ got: { a: [1, "b"] } });
  });

  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])("refuses %s with 415", async (type) => {
    const answer = await post("a=b", type);
    expect([answer.statusCode, answer.json()]).toEqual([415, { error: "Send the body as JSON (Content-Type: application/json)" }]);
  });

  it("refuses more than 100 kB with 413, and text with a NUL or a lone surrogate with 400", async () => {
    expect((await post(JSON.stringify({ a: "x".repeat(101 * 1024) }))).statusCode).toBe(413);
    for (const text of ['{"a":"\\u0000"}', '{"a":"\\ud800"}', '{"\\u0000":1}']) {
      const answer = await post(text);
      expect([text, answer.statusCode, answer.json().error]).toEqual([text, 400, expect.stringContaining("NUL")]);
    }
  });

  it("leaves a body that is not JSON to its route: 400 'The body must be JSON'", async () => {
    for (const text of ["{", "", "nul"]) {
      const answer = await post(text);
      expect([text, answer.statusCode, answer.json()]).toEqual([text, 400, { error: "The body must be JSON" }]);
    }
  });
});
