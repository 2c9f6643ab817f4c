import { createServer, type Server, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RunningShop, startShop, startStorefront } from "#e2e/support/start-shop.ts";

/**
 * The storefront and the API are two processes that start, stop and fail apart: while the API is
 * away the shop answers its designed 503 page (never a crash, never a hung page), and it answers
 * normally again by itself as soon as the API is back.
 */
/** Asks for `path` every 200 ms until it answers `status`; answers how long that took (ms), or fails after `within`. */
async function until(url: string, status: number, within = 20_000): Promise<number> {
  const started = Date.now();
  let last = 0;
  while (Date.now() - started < within) {
    last = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (last === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} still answered ${last} after ${within} ms, not ${status}`);
}

const stops: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe("the API away", () => {
  // One shop for both: each test stops its API and leaves it running again.
  let shop: RunningShop;
  beforeAll(async () => {
    shop = await startShop({ PAGE_CACHE_SECONDS: "0" });
  });
  afterAll(() => shop?.remove());

  it("gives the 503 page while the API is stopped, and recovers by itself when it is back", async () => {
    expect((await fetch(`${shop.baseURL}/products`)).status).toBe(200);

    await shop.api.stop();
    // The product list says what SPEC section 2.1 has it say when its products cannot be loaded; other pages show the 503 page.
    for (const [path, text] of [
      ["/products", "Failed to load products. Please try again later."],
      ["/products/1", "The shop is briefly unavailable"],
      ["/ru/products/1", "Магазин ненадолго недоступен"],
      ["/checkout/shipping", "The shop is briefly unavailable"],
    ]) {
      const page = await fetch(`${shop.baseURL}${path}`);
      expect(page.status, path).toBe(503);
      expect(page.headers.get("retry-after"), path).toBe("5");
      expect(await page.text(), path).toContain(text);
    }
    // The API's own paths, forwarded: a JSON 503 the browser code can show.
    const json = await fetch(`${shop.baseURL}/api/products`);
    expect(json.status).toBe(503);
    expect(((await json.json()) as { error: string }).error).toMatch(/briefly unavailable/);
    expect(shop.storefront.child.exitCode).toBeNull();

    await shop.restartApi();
    await until(`${shop.baseURL}/products`, 200);
    expect((await fetch(`${shop.baseURL}/products/1`)).status).toBe(200);
    expect((await fetch(`${shop.baseURL}/api/products/1`)).status).toBe(200);
  });

  it("starts before the API and serves as soon as the API comes up", async () => {
    await shop.api.stop();
    const storefront = await startStorefront(shop.apiURL);
    stops.push(() => storefront.process.stop());
    expect((await fetch(`${storefront.baseURL}/products`)).status).toBe(503);

    await shop.restartApi();
    await until(`${storefront.baseURL}/products`, 200);
  });
});

describe("an API that hangs", () => {
  let silent: Server;
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent?.close();
  });

  it("gives up after API_TIMEOUT_MS with the 503 page, never a page that hangs", async () => {
    // Takes the connection, reads the request, never answers.
    silent = createServer((socket) => {
      sockets.push(socket);
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const storefront = await startStorefront(`http://127.0.0.1:${port}`, { API_TIMEOUT_MS: "1000", LOG_LEVEL: "silent" });
    stops.push(() => storefront.process.stop());

    const started = Date.now();
    const page = await fetch(`${storefront.baseURL}/products`, { signal: AbortSignal.timeout(10_000) });
    expect(page.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
