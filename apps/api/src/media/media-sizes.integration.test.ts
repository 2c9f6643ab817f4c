import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DiskStorage } from "#server/media/disk-storage.ts";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

// Three new sizes per client a minute, so the burst below is short.
process.env.RATE_LIMIT_MEDIA_SIZES = "3/60";

let app: FastifyInstance;
let test: TestApp;
let store: DiskStorage;
beforeAll(async () => {
  ({ app } = test = await startTestApp());
});
afterAll(async () => {
  await test?.close();
});
beforeEach(async () => {
  store = await useTempStorage("shop-media");
  // An original without its sizes, as the seed leaves its photos.
  await store.put("products/panama-1.jpg", await sampleJpeg(1400, 1000), "image/jpeg");
});

let client = 0;
/** A client address of its own for each test, so their limits never meet. */
const newClient = () => `203.0.113.${++client}`;

/** GET /media/<width>/<path> from a client address, as a web Response. */
async function get(width: string, file: string, ip: string) {
  const answer = await app.inject({ url: `/media/${width}/${file}`, remoteAddress: ip });
  return new Response(new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: answer.headers as Record<string, string> });
}

describe("GET /media makes sizes only of real originals, in the widths the shop serves", () => {
  it("makes a missing size of an original once, then serves the kept copy", async () => {
    const ip = newClient();
    const made = await get("640", "products/panama-1.avif", ip);
    expect([made.status, made.headers.get("content-type")]).toEqual([200, "image/avif"]);
    expect((await store.keys()).sort()).toEqual(["products/panama-1.jpg", "variants/products/panama-1/640.avif"]);
  });

  it("answers 404 to a size of a size, and stores nothing", async () => {
    const ip = newClient();
    expect((await get("1280", "products/panama-1.jpg", ip)).status).toBe(200);
    const before = (await store.keys()).sort();
    expect(before).toContain("variants/products/panama-1/1280.jpg");
    for (const file of [
      "variants/products/panama-1/1280.avif",
      "variants/products/panama-1/1280.jpg",
      "VARIANTS/products/panama-1/1280.webp",
    ]) {
      const answer = await get("640", file, ip);
      expect([file, answer.status]).toEqual([file, 404]);
    }
    expect((await store.keys()).sort()).toEqual(before);
  });

  it("answers 404 to a width the shop does not serve, and stores nothing", async () => {
    const ip = newClient();
    for (const width of ["800", "1", "0640", "9999", "2560"]) {
      expect([width, (await get(width, "products/panama-1.jpg", ip)).status]).toEqual([width, 404]);
    }
    expect((await store.keys()).sort()).toEqual(["products/panama-1.jpg"]);
  });

  it("answers 404 to a private file (a custom request's reference photo), and stores nothing", async () => {
    await store.put("private/custom-orders/a.jpg", await sampleJpeg(), "image/jpeg");
    expect((await get("640", "private/custom-orders/a.jpg", newClient())).status).toBe(404);
    expect((await store.keys()).sort()).toEqual(["private/custom-orders/a.jpg", "products/panama-1.jpg"]);
  });
});

describe("GET /media limits the sizes one client has made", () => {
  it("refuses a burst of new sizes from one client with 429, while kept sizes and other clients are served", async () => {
    const greedy = newClient();
    for (const width of ["320", "480", "640"]) expect((await get(width, "products/panama-1.webp", greedy)).status).toBe(200);
    const refused = await get("960", "products/panama-1.webp", greedy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(await store.exists("variants/products/panama-1/960.webp")).toBe(false);
    // What is already made costs nothing and is still served to that client.
    expect((await get("480", "products/panama-1.webp", greedy)).status).toBe(200);
    // Another visitor is not held up by that one.
    expect((await get("960", "products/panama-1.webp", newClient())).status).toBe(200);
  });

  it("counts asking for photos that do not exist, so scanning for names is limited too", async () => {
    const scanner = newClient();
    for (const name of ["a", "b", "c"]) expect((await get("640", `${name}.jpg`, scanner)).status).toBe(404);
    expect((await get("640", "d.jpg", scanner)).status).toBe(429);
  });
});
