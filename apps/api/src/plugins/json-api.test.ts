import Fastify, { type FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { checkedBodyOf, documentedBody, jsonApi, jsonBody, methodNotAllowed } from "./json-api.ts";

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
  // Bodies checked at the route (checkedBodyOf), each way a route may read and refuse one.
  const form = checkedBodyOf(z.object({ name: z.string().trim().min(1, "Enter a name") }), "Check the name", { name: "" });
  app.post("/api/form", { schema: { body: form } }, async (request) => ({ got: request.body }));
  const count = checkedBodyOf(z.number(), {
    read: "as sent",
    json: "required",
    refusal: (_error, body) => new AppError("invalid", `Not a number: ${JSON.stringify(body)}`),
  });
  app.post("/api/count", { schema: { body: count } }, async (request) => ({ got: request.body }));
  const nothing = checkedBodyOf(z.null(), { read: "as sent", json: "if any", refusal: () => new AppError("invalid", "Send null") });
  app.post("/api/nothing", { schema: { body: nothing } }, async (request) => ({ got: request.body }));
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(jsonApi([routes]));
});
afterAll(() => app.close());

const post = (payload: string, type = "application/json") =>
  app.inject({ method: "POST", url: "/api/echo", headers: { "content-type": type }, payload });
/** POST `payload` as JSON to `url`, or nothing at all (no Content-Type either). */
const answerTo = async (url: string, payload?: string) => {
  const answer = await app.inject({
    method: "POST",
    url,
    ...(payload === undefined ? {} : { headers: { "content-type": "application/json" }, payload }),
  });
  return [answer.statusCode, answer.json()];
};

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

describe("bodies checked at the route (checkedBodyOf)", () => {
  const notJson = [400, { error: "The body must be JSON" }];

  it("reads a form's fields: anything but a JSON object has none, a missing one its stated value; the handler gets them parsed", async () => {
    expect(await answerTo("/api/form", '{"name":" Ayu "}')).toEqual([200, { got: { name: "Ayu" } }]);
    for (const payload of [undefined, "{", "", "[1]", "null", "{}", '{"name":" "}'])
      expect([payload, ...(await answerTo("/api/form", payload))]).toEqual([
        payload,
        400,
        { error: "Check the name", details: { name: "Enter a name" } },
      ]);
  });

  it("reads a body as sent, refused in the route's words; `required`: no JSON body at all is a 400", async () => {
    expect(await answerTo("/api/count", "7")).toEqual([200, { got: 7 }]);
    expect(await answerTo("/api/count", "null")).toEqual([400, { error: "Not a number: null" }]);
    for (const payload of [undefined, "", "{"])
      expect([payload, ...(await answerTo("/api/count", payload))]).toEqual([payload, ...notJson]);
  });

  it("`if any`: a body that is not JSON is a 400, none at all is read as null", async () => {
    expect(await answerTo("/api/nothing")).toEqual([200, { got: null }]);
    expect(await answerTo("/api/nothing", "null")).toEqual([200, { got: null }]);
    expect(await answerTo("/api/nothing", "{")).toEqual(notJson);
    expect(await answerTo("/api/nothing", "1")).toEqual([400, { error: "Send null" }]);
  });

  it("shows the OpenAPI document the body schema, the one its check names, or none", () => {
    const shown = z.object({ kind: z.string() });
    const plain = z.object({ a: z.string() });
    expect(documentedBody(plain)).toBe(plain);
    const checked = checkedBodyOf(plain, "Check it");
    expect(documentedBody(checked)).toBe(checked);
    expect(documentedBody(checkedBodyOf(plain, { refusal: "Check it", documented: shown }))).toBe(shown);
    expect(documentedBody(checkedBodyOf(plain, { refusal: "Check it", documented: null }))).toBeUndefined();
  });
});
