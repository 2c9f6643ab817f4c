import { referenceTooManyPixels } from "@workshop/domain/uploads.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#server/db/client.ts";
import type { DiskStorage } from "#server/media/disk-storage.ts";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { readReferencePhoto } from "./reference-photos.ts";

let store: DiskStorage;
let app: FastifyInstance;
let test: TestApp;
beforeAll(async () => {
  ({ app } = test = await startTestApp());
  store = await useTempStorage("reference-limits");
});
afterAll(async () => {
  await test?.close();
});

/** POST /api/custom-orders/uploads as the custom page sends it: the photos in the field `files`. */
async function upload(files: { name: string; body: Buffer }[]) {
  const form = new FormData();
  for (const f of files) form.append("files", new File([new Uint8Array(f.body)], f.name, { type: "image/jpeg" }));
  const { type, bytes } = await encoded(form);
  const response = await app.inject({
    method: "POST",
    url: "http://shop.test/api/custom-orders/uploads",
    headers: { "content-type": type },
    payload: bytes,
  });
  return { status: response.statusCode, body: response.json() };
}

/** A multipart form as a browser sends it, for app.inject: its bytes and its Content-Type. */
async function encoded(form: FormData) {
  const encoded = new Response(form);
  return { type: encoded.headers.get("content-type")!, bytes: Buffer.from(await encoded.arrayBuffer()) };
}

/** A plain JPEG of that size: small as a file, many pixels to decode. */
const plainJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#b08040" } })
    .jpeg({ progressive: true })
    .toBuffer();

const rows = async () => (await (await getDb()).selectFrom("customOrderPhotos").selectAll().execute()).length;

describe("reference photos' pixels (anyone may send them)", () => {
  it("refuses a photo over 25 megapixels with a clear message, storing nothing of the request", async () => {
    const [keys, before] = [await store.keys(), await rows()];
    const over = await plainJpeg(5001, 5000);
    const answer = await upload([
      { name: "small.jpg", body: await sampleJpeg() },
      { name: "large.jpg", body: over },
    ]);
    expect(answer).toEqual({ status: 400, body: { error: "Each image may be at most 25 megapixels." } });
    expect(answer.body.error).toBe(referenceTooManyPixels);
    expect(await store.keys()).toEqual(keys);
    expect(await rows()).toBe(before);
  });

  it("takes one of exactly 25 megapixels, kept at most 2560 px on its long side", async () => {
    const answer = await upload([{ name: "phone.jpg", body: await plainJpeg(5000, 5000) }]);
    expect(answer.status).toBe(201);
    const stored = await readReferencePhoto(answer.body[0].id);
    const meta = await sharp(stored!.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 2560, 2560]);
  });

  it("keeps a smaller one at its own size", async () => {
    const answer = await upload([{ name: "small.jpg", body: await sampleJpeg(300, 200) }]);
    expect(answer.status).toBe(201);
    const meta = await sharp((await readReferencePhoto(answer.body[0].id))!.body).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });
});
