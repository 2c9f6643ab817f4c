import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostWithOwnJsonParser } from "#simulators/xendit/test-helpers.ts";
import { SANDBOX_PATH, sandboxRoutes, startXenditSandbox, stopXenditSandbox } from "./sandbox.ts";

process.env.ADMIN_API_TOKEN = "staff-token-for-the-routes-tests";
process.env.SESSION_SECRET = "a-session-secret-for-the-sandbox-routes-tests";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "sandbox-routes-"));
delete process.env.XENDIT_SECRET_KEY;

const stranger = "203.0.113.9";
const staff = { authorization: "Bearer staff-token-for-the-routes-tests" };

/**
 * The shop's app as far as the sandbox cares: its own JSON parser, a catch-all route for its pages,
 * and the sandbox under its path.
 */
async function shopApp(): Promise<FastifyInstance> {
  const app = hostWithOwnJsonParser();
  app.all("/*", async () => "a page of the shop");
  await app.register(sandboxRoutes, { prefix: SANDBOX_PATH });
  await app.ready();
  return app;
}

describe("without the sandbox (a real Xendit)", () => {
  it("answers every path under the sandbox's with a 404", async () => {
    const app = await shopApp();
    for (const url of [SANDBOX_PATH, `${SANDBOX_PATH}/v3/payment_requests`, `${SANDBOX_PATH}/_control/reset`]) {
      const answer = await app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload: "{bad" });
      expect([answer.statusCode, answer.json()]).toEqual([404, { error: "Not found" }]);
    }
    await app.close();
  });
});

describe("with the sandbox", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    startXenditSandbox(3000);
    app = await shopApp();
  });
  afterAll(async () => {
    await app.close();
    await stopXenditSandbox();
  });

  it("lets only staff and this machine use the control API, however the path is spelled", async () => {
    for (const url of ["/_control/payment_requests", "/%5Fcontrol/payment_requests", "/_control/nothing", "/_control"]) {
      const refused = await app.inject({ url: SANDBOX_PATH + url, remoteAddress: stranger });
      expect([url, refused.statusCode, refused.json().error_code]).toEqual([url, 403, "FORBIDDEN"]);
    }
    expect(
      (await app.inject({ url: `${SANDBOX_PATH}/_control/payment_requests`, remoteAddress: stranger, headers: staff })).statusCode,
    ).toBe(200);
    // In development and tests the machine itself may.
    expect((await app.inject({ url: `${SANDBOX_PATH}/_control/payment_requests`, remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
  });

  it("serves the simulator under its path, in Xendit's error shape", async () => {
    const unauthorised = await app.inject({ url: `${SANDBOX_PATH}/v3/payment_requests/pr-x`, remoteAddress: stranger });
    expect([unauthorised.statusCode, unauthorised.json().error_code]).toEqual([401, "INVALID_API_KEY"]);
    const unknown = await app.inject({ url: `${SANDBOX_PATH}/nothing`, remoteAddress: stranger });
    expect(unknown.json()).toEqual({ error_code: "NOT_FOUND", message: "No such sandbox path: GET /nothing" });
    const page = await app.inject({
      method: "POST",
      url: `${SANDBOX_PATH}/pay/pr-x`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "outcome=cancel",
    });
    expect([page.statusCode, page.headers["content-type"]]).toEqual([404, "text/html; charset=utf-8"]);
  });
});
