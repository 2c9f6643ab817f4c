import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";

/**
 * What crosses the storefront's hop to the API cannot be used to stop the shop: bodies that stop
 * arriving are ended, one client holds only its share of the connections to the API, forwarding
 * headers are the storefront's own, and oversized requests get their status, not a reset.
 */
const BODY_SECONDS = 3;
const callbackToken = randomBytes(24).toString("hex");
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop({
    REQUEST_BODY_TIMEOUT_SECONDS: String(BODY_SECONDS),
    REQUEST_HEADERS_TIMEOUT_SECONDS: String(BODY_SECONDS),
    XENDIT_CALLBACK_TOKEN: callbackToken,
    LOG_LEVEL: "warn",
  });
});
afterAll(() => shop?.remove());

/** A connection from `from` (any 127.0.0.0/8 address is this machine) that sends `head` and then nothing. */
function idleBody(path: string, from: string, to = shop.baseURL): { socket: Socket; closed: Promise<void> } {
  const { port } = new URL(to);
  const socket = connect({ port: Number(port), host: "127.0.0.1", localAddress: from });
  socket.on("error", () => {});
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${90 * 1024}\r\n\r\n{`);
  return { socket, closed: new Promise((resolve) => socket.once("close", () => resolve())) };
}

/** Milliseconds `call` took, and what it answered. */
async function timed<T>(call: () => Promise<T>): Promise<[number, T]> {
  const began = performance.now();
  const answer = await call();
  return [performance.now() - began, answer];
}

describe("bodies that stop arriving", () => {
  it("leave the shop answering: 200 idle bodies from one client and 128 from 64 others; each is closed within the deadline, by the storefront and by the API", async () => {
    const photo = ((await (await fetch(`${shop.baseURL}/api/products/1`)).json()) as { images: string[] }).images[0]!;
    const began = performance.now();
    const idle = [
      ...Array.from({ length: 200 }, () => idleBody("/api/xendit/webhook", "127.0.0.1")),
      ...Array.from({ length: 64 }, (_, i) => idleBody("/api/xendit/webhook", `127.0.1.${i + 1}`)),
      ...Array.from({ length: 64 }, (_, i) => idleBody(`/media/${randomBytes(4).toString("hex")}.jpg`, `127.0.2.${i + 1}`)),
      // And straight to the API, which ends them by the same deadline.
      ...Array.from({ length: 20 }, (_, i) => idleBody("/api/xendit/webhook", `127.0.3.${i + 1}`, shop.apiURL)),
    ];
    // Every connection is open and waiting before the customers come.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(idle.filter((c) => c.socket.destroyed)).toHaveLength(0);

    const [productMs, product] = await timed(() => fetch(`${shop.baseURL}/api/products/1`));
    expect(product.status).toBe(200);
    const [photoMs, shown] = await timed(() => fetch(new URL(new URL(photo).pathname, shop.baseURL)));
    expect(shown.status).toBe(200);
    const event = { event: "payment.succeeded", data: { payment_request_id: `pr-${randomBytes(6).toString("hex")}`, status: "SUCCEEDED" } };
    const [webhookMs, webhook] = await timed(() =>
      fetch(`${shop.baseURL}/api/xendit/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-callback-token": callbackToken },
        body: JSON.stringify(event),
      }),
    );
    expect(webhook.status).toBeLessThan(500);
    expect(Math.max(productMs, photoMs, webhookMs), JSON.stringify({ productMs, photoMs, webhookMs })).toBeLessThan(1_000);

    await Promise.all(idle.map((c) => c.closed));
    const closedAfter = (performance.now() - began) / 1000;
    expect(closedAfter).toBeGreaterThan(BODY_SECONDS - 0.5);
    expect(closedAfter).toBeLessThan(BODY_SECONDS + 3);
  });
});

describe("oversized requests", () => {
  it("answer 413 with {error} through the shop as the API does, to a client that sends the whole body", async () => {
    const body = JSON.stringify({ note: "x".repeat(200 * 1024) });
    for (const path of ["/api/orders", "/api/xendit/payment-request"]) {
      const through = await fetch(`${shop.baseURL}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
      const straight = await fetch(`${shop.apiURL}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
      expect([through.status, await through.json()], path).toEqual([straight.status, await straight.json()]);
      expect(through.status).toBe(413);
    }
  });

  it("answer a 50 MB form on /contact and six 40 MB bodies at once with 413, never a reset", async () => {
    const big = (megabytes: number) => new Uint8Array(megabytes * 1024 * 1024).fill(0x61);
    const contact = await fetch(`${shop.baseURL}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: big(50),
    });
    expect(contact.status).toBe(413);
    const six = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetch(`${shop.baseURL}/api/orders`, { method: "POST", headers: { "Content-Type": "application/json" }, body: big(40) }).then(
          async (response) => [response.status, ((await response.json()) as { error: string }).error],
        ),
      ),
    );
    expect(six).toEqual(Array(6).fill([413, "The request body is larger than 100 kB"]));
  });

  it("answer 414 to a 120 kB address and 431 to 40 kB of headers, through the shop as straight to the API", async () => {
    for (const base of [shop.baseURL, shop.apiURL]) {
      const long = await fetch(`${base}/products?q=${"a".repeat(120 * 1024)}`);
      expect([long.status, await long.json()], base).toEqual([414, { error: "The address is too long" }]);
      const heavy = await fetch(`${base}/products`, { headers: { Cookie: "c".repeat(40 * 1024) } });
      expect([heavy.status, await heavy.json()], base).toEqual([431, { error: "The request's headers are too large" }]);
    }
  });
});
