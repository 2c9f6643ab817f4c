import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";

// Under the shop's 3 s Instagram timeout, and long enough that a slow first render cannot hide the gap.
const INSTAGRAM_DELAY_MS = 2500;

/** When the first bytes of a page arrived, when the last did, what it said, and when each part came. */
function timedGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ firstChunkMs: number; endMs: number; chunks: [number, string][]; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const started = Date.now();
      const chunks: [number, string][] = [];
      let body = "";
      request(url, { headers }, (response) => {
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          chunks.push([Date.now() - started, chunk]);
          body += chunk;
        });
        response.on("end", () =>
          resolve({ firstChunkMs: chunks[0]?.[0] ?? -1, endMs: Date.now() - started, chunks, body, headers: response.headers }),
        );
      })
        .on("error", reject)
        .end();
    },
  );
}

describe("how pages are sent", () => {
  let instagram: Server;
  let shop: RunningShop;

  beforeAll(async () => {
    // An Instagram that takes its time: the home page's strip waits for it, the rest of the page does not.
    instagram = createServer((_req, res) => {
      setTimeout(() => {
        res.setHeader("Content-Type", "application/json");
        res.end(
          JSON.stringify({
            data: [
              {
                id: "1",
                caption: "A slow post from the workshop",
                media_url: "https://cdn.example.com/1.jpg",
                permalink: "https://www.instagram.com/p/1/",
                timestamp: "2026-11-01T10:00:00+0000",
              },
            ],
          }),
        );
      }, INSTAGRAM_DELAY_MS);
    });
    await new Promise<void>((resolve) => instagram.listen(0, "127.0.0.1", resolve));
    const { port } = instagram.address() as AddressInfo;
    shop = await startShop({
      INSTAGRAM_ACCESS_TOKEN: "test-token",
      INSTAGRAM_API_URL: `http://127.0.0.1:${port}`,
      PAGE_CACHE_SECONDS: "0",
    });
  }, 120_000);

  afterAll(async () => {
    await shop?.remove();
    await new Promise((resolve) => instagram?.close(resolve));
  });

  it("streams a page that waits for slow data: the page first, the slow part when it comes", async () => {
    await timedGet(`${shop.baseURL}/about`); // the shop's first render, which no visitor waits on twice
    const page = await timedGet(`${shop.baseURL}/`);
    expect(page.firstChunkMs).toBeLessThan(page.endMs - 1000);
    // The page's first part (its head carries the whole stylesheet, so it comes in several chunks).
    const first = page.chunks
      .filter(([ms]) => ms < page.endMs - 1000)
      .map(([, text]) => text)
      .join("");
    expect(first).toContain("<header");
    expect(first).not.toContain("A slow post from the workshop");
    expect(page.endMs).toBeGreaterThanOrEqual(INSTAGRAM_DELAY_MS - 100);
    expect(page.body).toContain("A slow post from the workshop");
    expect(page.headers["transfer-encoding"]).toBe("chunked");
  });

  it("sends a page with nothing to wait for whole, with its length", async () => {
    const page = await timedGet(`${shop.baseURL}/about`);
    expect(Number(page.headers["content-length"])).toBe(Buffer.byteLength(page.body));
    expect(page.body).toMatch(/^<!DOCTYPE html>/);
    expect(page.body).toMatch(/<\/html>$/);
  });
});
