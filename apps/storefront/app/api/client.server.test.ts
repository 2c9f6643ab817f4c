import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CLIENT_IP_HEADER } from "@workshop/http/client-ip.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";

/** A stand-in API whose answer each test sets; it keeps the headers of the last request. */
let answer: (respond: (status: number, body: string, headers?: Record<string, string | string[]>) => void) => void;
let lastHeaders: IncomingHttpHeaders = {};
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    lastHeaders = request.headers;
    request.resume();
    answer((status, body, headers = {}) => {
      response.writeHead(status, { "Content-Type": "application/json", ...headers });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Short, for the test of no answer; long enough for a first call on a busy machine.
  process.env.API_TIMEOUT_MS = "1500";
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterAll(() => {
  server.close();
  vi.restoreAllMocks();
});

const { ApiRefusal, apiCall, apiGet, relayHeaders } = await import("./client.server.ts");
const thing = z.object({ name: z.string() });
const customer = (path = "/ru/products/1") =>
  new Request(`http://shop.example${path}`, {
    headers: { cookie: "checkout=abc", "accept-language": "ru", [CLIENT_IP_HEADER]: "203.0.113.7", "x-forwarded-for": "1.2.3.4" },
  });

/** What a call throws: a React Router data answer (status, data, headers) or an ApiRefusal. */
async function thrown(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error("answered");
    },
    (error: unknown) => error,
  );
}

describe("the storefront's API client", () => {
  it("calls for the customer: their cookie, language and address (theirs, not a forged one), and passes on what the API sets", async () => {
    answer = (respond) => respond(200, '{"name":"Panama"}', { "Set-Cookie": ["checkout=new; Path=/; HttpOnly"] });
    const answered = await apiCall(customer(), "/api/shop/x", { answer: thing });
    expect(answered.data).toEqual({ name: "Panama" });
    expect(lastHeaders.cookie).toBe("checkout=abc");
    expect(lastHeaders["accept-language"]).toBe("ru");
    expect(lastHeaders["x-forwarded-for"]).toBe("203.0.113.7");
    expect(relayHeaders(answered).get("set-cookie")).toBe("checkout=new; Path=/; HttpOnly");
  });

  it("gives a refusal (4xx) with the API's message and fields", async () => {
    answer = (respond) => respond(400, JSON.stringify({ error: "Fix the fields", details: { email: "Bad e-mail" } }));
    const error = await thrown(apiGet(customer(), "/api/shop/x", thing));
    expect(error).toBeInstanceOf(ApiRefusal);
    expect(error).toMatchObject({ status: 400, message: "Fix the fields", details: { email: "Bad e-mail" } });
  });

  it("turns the API's 429 into the page's, with its wait and the page's language", async () => {
    answer = (respond) => respond(429, '{"error":"Too many"}', { "Retry-After": "42" });
    const error = (await thrown(apiGet(customer(), "/api/shop/x", thing))) as { init: ResponseInit; data: unknown };
    expect(error.init.status).toBe(429);
    expect(new Headers(error.init.headers).get("Retry-After")).toBe("42");
    expect(error.data).toEqual({ locale: "ru" });
  });

  it.each([
    ["a failure (5xx)", (respond: (s: number, b: string) => void) => respond(500, '{"error":"db down at 10.0.0.7"}')],
    ["an answer that is not its schema", (respond: (s: number, b: string) => void) => respond(200, '{"title":1}')],
    ["an answer that is not JSON", (respond: (s: number, b: string) => void) => respond(200, "<html>")],
    ["no answer within API_TIMEOUT_MS", () => {}],
  ])("turns %s into the 503 page", async (_name, behaviour) => {
    answer = behaviour;
    const error = (await thrown(apiGet(customer("/products"), "/api/shop/x", thing))) as { init: ResponseInit; data: unknown };
    expect(error.init.status).toBe(503);
    expect(new Headers(error.init.headers).get("Retry-After")).toBe("5");
    expect(error.data).toEqual({ locale: "en" });
  });

  it("turns an API it cannot reach into the 503 page", async () => {
    const where = process.env.API_URL;
    process.env.API_URL = "http://127.0.0.1:9";
    vi.resetModules();
    const fresh = await import("./client.server.ts");
    const error = (await thrown(fresh.apiGet(customer(), "/api/shop/x", thing))) as { init: ResponseInit };
    expect(error.init.status).toBe(503);
    process.env.API_URL = where;
  });
});
