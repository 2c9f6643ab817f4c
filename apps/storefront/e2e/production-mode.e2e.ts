import { orderPayload } from "@workshop/testing/sample-orders.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";

/**
 * The shop with a Xendit key configured (nothing here reaches Xendit): the sandbox-only things are
 * gone from both processes.
 */
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop({
    XENDIT_SECRET_KEY: "xnd_configured_for_this_test",
    XENDIT_CALLBACK_TOKEN: "callback-token-configured-for-this-test",
    PUBLIC_URL: "https://shop.example.com",
    SESSION_SECRET: "production-mode-test-session-secret-0123456789",
  });
});
afterAll(() => shop?.remove());

describe("payments in production mode", () => {
  it("shows no demo banner", async () => {
    const html = await (await fetch(`${shop.baseURL}/`)).text();
    expect(html).toContain("Handwoven hats");
    expect(html).not.toContain("Demo shop");
  });

  it("has no /test-checkout", async () => {
    expect((await fetch(`${shop.baseURL}/test-checkout`, { redirect: "manual" })).status).toBe(404);
  });

  it("refuses the test card", async () => {
    const order = { ...(await orderPayload(shop.baseURL)), deliveryOption: "PICKUP", paymentMethod: "TEST_CARD" };
    const answer = await fetch(`${shop.baseURL}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(order),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toContain("Invalid payment method: TEST_CARD");
  });
});
