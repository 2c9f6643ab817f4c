import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

// Read by the first config() call, which comes after these lines.
const callbackToken = randomBytes(24).toString("hex");
process.env.XENDIT_CALLBACK_TOKEN = callbackToken;
// A shop with its own Xendit account (no sandbox to start): the webhook checks the token above.
process.env.XENDIT_SECRET_KEY = `xnd_development_${randomBytes(16).toString("hex")}`;
process.env.PUBLIC_URL = "https://shop.test";
process.env.RATE_LIMIT_WEBHOOKS = "5/600";

let shop: TestApp;
beforeAll(async () => {
  shop = await startTestApp();
});
afterAll(() => shop?.close());

const webhook = (token: string, from: string) =>
  shop.app.inject({
    method: "POST",
    url: "/api/xendit/webhook",
    remoteAddress: from,
    headers: { "content-type": "application/json", "x-callback-token": token },
    payload: JSON.stringify({
      event: "payment.succeeded",
      data: { payment_request_id: `pr-${randomBytes(6).toString("hex")}`, status: "SUCCEEDED" },
    }),
  });

describe("POST /api/xendit/webhook's limit", () => {
  it("refuses a client whose webhooks carry no valid token past RATE_LIMIT_WEBHOOKS, and never limits the shop's token", async () => {
    const forged: number[] = [];
    for (let i = 0; i < 8; i++) forged.push((await webhook("not-the-token", "198.51.100.20")).statusCode);
    expect(forged).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Xendit's own retries from the same address, many more than the limit: each one is taken.
    const signed: number[] = [];
    for (let i = 0; i < 12; i++) signed.push((await webhook(callbackToken, "198.51.100.20")).statusCode);
    expect(signed.filter((status) => status === 429 || status >= 500)).toEqual([]);
    // Another client has its own allowance.
    expect((await webhook("not-the-token", "198.51.100.21")).statusCode).toBe(401);
  });
});
