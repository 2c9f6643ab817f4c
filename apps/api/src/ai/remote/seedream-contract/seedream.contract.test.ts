/**
 * Contract: the documented examples of ModelArk's image generation API (fixtures/, see SOURCES.md)
 * against the two sides that must agree with it: the stand-in answers them as the API does, and
 * the shop's remote engine reads the documented answers and errors. A drift on either side fails here.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type SeedreamSimulator, startSeedreamSimulator } from "@workshop/testing/seedream/index.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineInput } from "#server/ai/engine.ts";
import { createRemoteEngine } from "#server/ai/remote/engine.ts";

// biome-ignore lint/suspicious/noExplicitAny: fixtures are documented JSON, read field by field in the assertions
type Json = Record<string, any>;
const fixture = (name: string): Json => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")) as Json;

const KEY = "ark-contract-key-0123";
let sim: SeedreamSimulator;
beforeAll(async () => {
  sim = await startSeedreamSimulator({ apiKey: KEY });
});
afterAll(() => sim?.close());

const generate = (body: unknown, key = KEY) =>
  fetch(`${sim.url}/api/v3/images/generations`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const documented = fixture("generations.response.json");
const errors = fixture("errors.json");

describe("the stand-in answers the documented requests as the API does", () => {
  it.each([
    ["text-to-image", "text-to-image.request.json", 1, "1728x2304"],
    ["image-to-image (one reference URL)", "image-to-image.request.json", 1, "2048x2048"],
    ["multi-image fusion (reference URLs)", "multi-image.request.json", 1, "2048x2048"],
    ["a sequential series of four", "sequential.request.json", 4, "2048x2048"],
  ])(
    "%s",
    async (_name, file, count, size) => {
      const response = await generate(fixture(file));
      expect(response.status).toBe(200);
      const body = (await response.json()) as Json;
      expect(Object.keys(body).sort()).toEqual(Object.keys(documented).sort());
      expect(Object.keys(body.usage).sort()).toEqual(Object.keys(documented.usage).sort());
      expect(body.usage.generated_images).toBe(count);
      expect(body.data).toHaveLength(count);
      for (const item of body.data) {
        expect(Object.keys(item).sort()).toEqual(Object.keys(documented.data[0]).sort());
        expect(item.size).toBe(size);
        // The link serves the picture, as the API's (temporary) links do.
        const image = await fetch(item.url);
        const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
        expect(`${meta.width}x${meta.height}`).toBe(size);
      }
    },
    60_000,
  );

  it("answers the documented error bodies: a wrong key, a bad parameter, too many images in and out", async () => {
    const wrongKey = await generate(fixture("text-to-image.request.json"), "ark-wrong");
    expect(wrongKey.status).toBe(401);
    const unauthorized = (await wrongKey.json()) as Json;
    expect(Object.keys(unauthorized.error).sort()).toEqual(Object.keys(errors.unauthorized.body.error).sort());
    expect(unauthorized.error).toMatchObject({ code: "AuthenticationError", type: "Unauthorized" });

    const badSize = await generate({ ...fixture("text-to-image.request.json"), size: "100x100" });
    expect(badSize.status).toBe(400);
    expect((await badSize.json()).error).toMatchObject({ code: "InvalidParameter", param: "size", type: "BadRequest" });

    const images = Array.from({ length: 12 }, (_, i) => `https://example.com/${i}.png`);
    const tooMany = await generate({ ...fixture("sequential.request.json"), image: images });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.code).toBe("InvalidParameter");

    const noModel = await generate({ prompt: "a hat" });
    expect((await noModel.json()).error).toMatchObject({ code: "MissingParameter", param: "model" });
  });
});

/** A server that answers every call with one fixed status and body: the documented examples. */
async function answering(status: number, body: unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

async function input(sequentialMode = true): Promise<EngineInput> {
  const bytes = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#a86" } })
    .jpeg()
    .toBuffer();
  return {
    photos: [{ bytes }],
    prompt:
      "Product photos of a straw hat. Make 5 images: 1) a side view, 2) a three-quarter view, 3) a top view, 4) a flat lay, 5) a close-up.",
    productName: "Straw hat",
    productDescription: "",
    styleHint: "clean studio lighting",
    backdrop: "white",
    width: 1080,
    height: 1080,
    sequentialMode,
    watermark: null,
    onProgress: () => {},
    signal: new AbortController().signal,
  };
}

describe("the shop's remote engine reads the documented answers", () => {
  it("sends the documented fields and stores what comes back, b64_json", async () => {
    const engine = createRemoteEngine({ url: sim.url, apiKey: KEY, model: "seedream-4-0-250828" });
    const result = await engine.run(await input());
    expect(result.images.map((i) => i.view)).toEqual(["side", "three-quarter", "top", "flat-lay", "details"]);
    expect(result.images.every((i) => i.contentType === "image/jpeg" && i.bytes.length > 1000)).toBe(true);
    expect(sim.requests.at(-1)).toMatchObject({
      model: "seedream-4-0-250828",
      images: 1,
      size: "1080x1080",
      sequential: true,
      maxImages: 5,
      responseFormat: "b64_json",
      watermark: false,
    });
  }, 30_000);

  it.each([
    ["unauthorized", /^The image service refused the API key \(401 AuthenticationError\): check AI_IMAGE_API_KEY\.$/],
    [
      "invalidParameter",
      /^The image service refused the request: The parameter `size` specified in the request is not valid\. Request ID: \w+ \(InvalidParameter\)$/,
    ],
    [
      "sensitiveImage",
      /^The image service refused the request: The request failed because the input image may contain sensitive information\. Request ID: \w+ \(InputImageSensitiveContentDetected\)$/,
    ],
  ])("turns the documented %s error into a job error", async (name, message) => {
    const server = await answering(errors[name].status, errors[name].body);
    try {
      const engine = createRemoteEngine({ url: server.url, apiKey: KEY, model: "seedream-4-0-250828" });
      await expect(engine.run(await input())).rejects.toThrow(message);
    } finally {
      await server.close();
    }
  });

  it("says which views a series left out when an item carries an error", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const server = await answering(200, {
      ...documented,
      data: [
        { b64_json: jpeg.toString("base64"), size: "64x64" },
        { error: { code: "OutputImageSensitiveContentDetected", message: "The output image may contain sensitive information." } },
      ],
      usage: { generated_images: 1, output_tokens: 4096, total_tokens: 4096 },
    });
    try {
      const engine = createRemoteEngine({ url: server.url, apiKey: KEY, model: "seedream-4-0-250828" });
      const result = await engine.run(await input());
      expect(result.images.map((i) => i.view)).toEqual(["side"]);
      expect(result.summary).toMatch(/made 1 of 5 views .*refused: The output image may contain sensitive information\./);
    } finally {
      await server.close();
    }
  });

  it("gives up after its timeout with a clear reason", async () => {
    sim.behave({ kind: "hang" });
    try {
      const engine = createRemoteEngine({ url: sim.url, apiKey: KEY, model: "seedream-4-0-250828", timeoutMs: 800 });
      await expect(engine.run(await input(false))).rejects.toThrow("The image service did not answer within 1 s.");
    } finally {
      sim.behave({ kind: "ok" });
    }
  });
});
