import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { imageFormats, imageWidths } from "@workshop/domain/images.ts";
import { MAX_UPLOAD_BYTES, uploadMessages } from "@workshop/domain/uploads.ts";
import { type RunningS3, startS3Server } from "@workshop/testing/s3-server.ts";
import { jpegWithGps, pixelBombPng, sampleJpeg, sidewaysJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { DiskStorage } from "#server/media/disk-storage.ts";
import { S3Storage } from "#server/media/s3-storage.ts";
import { diskStorage, useStorage } from "#server/media/storage.ts";
import type { Storage } from "#server/media/storage-types.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

const TOKEN = "upload-tests-staff-token-0123456789";
process.env.ADMIN_API_TOKEN = TOKEN;
const SHOP = "http://shop.test";

let database: DatabaseHandle;
let s3: RunningS3;
let app: FastifyInstance;
let test: TestApp;
beforeAll(async () => {
  ({ app, database } = test = await startTestApp());
  s3 = await startS3Server();
});
afterAll(async () => {
  await test?.close();
  await s3?.close();
});

type Upload = { name: string; body: Buffer; type?: string };

/** POST /api/uploads as the admin's uploader sends it: the photos in the field `files`, with the staff token. */
async function upload(files: Upload[], headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) {
  const form = new FormData();
  for (const f of files) form.append("files", new File([new Uint8Array(f.body)], f.name, { type: f.type ?? "image/jpeg" }));
  const encoded = new Response(form);
  const response = await app.inject({
    method: "POST",
    url: `${SHOP}/api/uploads`,
    headers: { ...headers, "content-type": encoded.headers.get("content-type")! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json() };
}

/** What GET /media serves for a stored photo's key, as a web Response. */
async function served(pathname: string, width: number, format: string) {
  const stem = pathname.replace(/\.[a-z]+$/, "");
  const answer = await app.inject(`/media/${width}/${stem}.${format}`);
  return new Response(answer.statusCode === 302 ? null : new Uint8Array(answer.rawPayload), {
    status: answer.statusCode,
    headers: answer.headers as Record<string, string>,
  });
}

const stores = [
  ["on disk (DATA_DIR/files)", () => diskStorage()],
  ["in an S3 bucket (a real S3 server on loopback)", () => new S3Storage(s3.options)],
] as const;

describe.each(stores)("POST /api/uploads, storing %s", (_where, open) => {
  let store: DiskStorage | S3Storage;
  beforeAll(() => {
    store = open();
    useStorage(store);
  });

  it("stores a photo with every size the storefront serves, and answers SPEC 7's result", async () => {
    const before = Date.now();
    const { status, body } = await upload([{ name: "My Panama (front).JPG", body: await sampleJpeg() }]);
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    const [result] = body;
    expect(Object.keys(result).sort()).toEqual(["contentDisposition", "contentType", "downloadUrl", "pathname", "url"]);
    expect(result.pathname).toMatch(/^(\d{13})-my-panama-front\.jpg$/);
    expect(Number(result.pathname.slice(0, 13))).toBeGreaterThanOrEqual(before);
    const stem = result.pathname.replace(/\.jpg$/, "");
    expect(result).toMatchObject({
      url: `${config().publicUrl}/media/1280/${stem}.jpg`,
      downloadUrl: `${config().publicUrl}/media/1280/${stem}.jpg?download=1`,
      contentType: "image/jpeg",
      contentDisposition: `inline; filename="${stem}.jpg"`,
    });
    const keys = await store.keys();
    expect(keys).toContain(result.pathname);
    for (const width of imageWidths) for (const format of imageFormats) expect(keys).toContain(`variants/${stem}/${width}.${format}`);

    for (const format of imageFormats) {
      const response = await served(result.pathname, 640, format);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe({ avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }[format]);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.width).toBe(64); // never enlarged
    }
    const [audit] = await database.db.selectFrom("auditLog").selectAll().where("action", "=", "photos-uploaded").execute();
    expect(audit).toMatchObject({ actor: "api token" });
  });

  it("names several photos with a product prefix and their number, in the order sent", async () => {
    const { status, body } = await upload([
      {
        name: "../../etc/Шляпа.png",
        body: await sharp(await sampleJpeg())
          .png()
          .toBuffer(),
        type: "image/png",
      },
      {
        name: "side view.webp",
        body: await sharp(await sampleJpeg())
          .webp()
          .toBuffer(),
        type: "image/webp",
      },
      {
        name: "!!!.gif",
        body: await sharp(await sampleJpeg())
          .gif()
          .toBuffer(),
        type: "image/gif",
      },
    ]);
    expect(status).toBe(200);
    const names = body.map((r: { pathname: string }) => r.pathname);
    expect(names[0]).toMatch(/^product-\d{13}-1-shlyapa\.png$/); // the browser's folders are dropped
    expect(names[1]).toMatch(/^product-\d{13}-2-side-view\.webp$/);
    expect(names[2]).toMatch(/^product-\d{13}-3-image\.gif$/);
    for (const name of names) {
      expect(await store.exists(name)).toBe(true);
      expect((await served(name, 320, "avif")).status).toBe(200);
    }
    expect((await sharp((await store.get(names[0]))!).metadata()).format).toBe("png");
  });

  it("keeps a transparent PNG transparent, and white behind it in the JPEG sizes", async () => {
    const clear = await sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const { body } = await upload([{ name: "cut-out.png", body: clear, type: "image/png" }]);
    expect((await sharp((await store.get(body[0].pathname))!).metadata()).hasAlpha).toBe(true);
    const jpeg = Buffer.from(await (await served(body[0].pathname, 320, "jpg")).arrayBuffer());
    const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it("removes EXIF and the GPS position, and turns a sideways photo upright", async () => {
    const gps = await jpegWithGps();
    expect((await sharp(gps).metadata()).exif?.includes("ShopTestCam")).toBe(true);
    const { body } = await upload([
      { name: "gps.jpg", body: gps },
      { name: "sideways.jpg", body: await sidewaysJpeg() },
    ]);
    const original = (await store.get(body[0].pathname))!;
    const meta = await sharp(original).metadata();
    expect(meta.exif).toBeUndefined();
    expect(original.includes("ShopTestCam")).toBe(false);
    expect(original.includes("secret-owner-name")).toBe(false);
    const variant = Buffer.from(await (await served(body[0].pathname, 320, "jpg")).arrayBuffer());
    expect((await sharp(variant).metadata()).exif).toBeUndefined();

    const upright = (await store.get(body[1].pathname))!;
    const turned = await sharp(upright).metadata();
    expect([turned.width, turned.height, turned.orientation]).toEqual([40, 80, undefined]);
    // Turned clockwise, the red left half is now on top.
    const { data } = await sharp(upright).raw().toBuffer({ resolveWithObject: true });
    const top = [...data.subarray((10 * 40 + 20) * 3, (10 * 40 + 20) * 3 + 3)];
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
  });

  it("refuses anything but a real JPG, PNG, WebP or GIF, and stores nothing of the request", async () => {
    const good = { name: "good.jpg", body: await sampleJpeg() };
    const jpeg = await sampleJpeg(200, 150);
    const refused: [string, Upload][] = [
      ["HTML named .jpg", { name: "photo.jpg", body: Buffer.from("<!doctype html><html><script>alert(1)</script></html>") }],
      ["an empty file", { name: "empty.jpg", body: Buffer.alloc(0) }],
      [
        "SVG",
        {
          name: "logo.svg",
          body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          type: "image/svg+xml",
        },
      ],
      [
        "SVG named .png",
        { name: "logo.png", body: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), type: "image/png" },
      ],
      ["PDF", { name: "catalogue.pdf", body: Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"), type: "application/pdf" }],
      [
        "a JPEG with a web page appended (polyglot)",
        { name: "poly.jpg", body: Buffer.concat([jpeg, Buffer.from("<html><script>alert(1)</script>")]) },
      ],
      [
        "a GIF header in front of a script",
        { name: "gifar.gif", body: Buffer.from("GIF89a/*<script>alert(1)</script>*/"), type: "image/gif" },
      ],
      ["a truncated JPEG", { name: "cut.jpg", body: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }],
      ["a TIFF", { name: "scan.jpg", body: await sharp(jpeg).tiff().toBuffer() }],
    ];
    const before = (await store.keys()).sort();
    for (const [what, file] of refused) {
      const answer = await upload([good, file]);
      expect(answer, what).toEqual({ status: 400, body: { error: uploadMessages.notAnImage } });
    }
    const bomb = await upload([good, { name: "bomb.png", body: pixelBombPng(), type: "image/png" }]);
    expect(bomb).toEqual({ status: 400, body: { error: "Each image may be at most 50 megapixels." } });
    const six = await upload(Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.jpg`, body: good.body })));
    expect(six).toEqual({ status: 400, body: { error: "You can only upload up to 5 files at once." } });
    const big = await upload([good, { name: "huge.jpg", body: Buffer.concat([jpeg, Buffer.alloc(MAX_UPLOAD_BYTES)]) }]);
    expect(big).toEqual({ status: 413, body: { error: uploadMessages.tooLarge } });
    expect(await upload([])).toEqual({ status: 400, body: { error: uploadMessages.none } });
    const nameless = await upload([{ name: "", body: good.body }]);
    expect(nameless).toEqual({ status: 400, body: { error: 'Send each image as a file (with its name) in the field "files".' } });
    expect((await store.keys()).sort()).toEqual(before);
  });

  it("takes a photo of exactly the size limit", async () => {
    // Padding after the picture's end is ignored by the decoder (and gone from the stored copy).
    const jpeg = await sampleJpeg();
    const exact = Buffer.concat([jpeg, Buffer.alloc(MAX_UPLOAD_BYTES - jpeg.length)]);
    const { status } = await upload([{ name: "exact.jpg", body: exact }]);
    expect(status).toBe(200);
  });
});

describe("a bucket with a public address (S3_PUBLIC_URL, e.g. a CDN)", () => {
  it("has /media send the browser there, to a size made at upload", async () => {
    useStorage(new S3Storage({ ...s3.options, publicUrl: s3.bucketUrl }));
    const { body } = await upload([{ name: "cdn.jpg", body: await sampleJpeg() }]);
    const stem = body[0].pathname.replace(/\.jpg$/, "");
    const response = await served(body[0].pathname, 480, "webp");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${s3.bucketUrl}/variants/${stem}/480.webp`);
    const image = await fetch(response.headers.get("location")!);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/webp"]);
    expect((await served(body[0].pathname, 480, "png")).status).toBe(404);
  });
});

describe("a store that fails halfway through an upload", () => {
  it("answers 503 and keeps none of the upload's files", async () => {
    const disk = new DiskStorage(await mkdtemp(path.join(tmpdir(), "shop-failing-")));
    let puts = 0;
    const failing: Storage = {
      get: (key) => disk.get(key),
      exists: (key) => disk.exists(key),
      delete: (key) => disk.delete(key),
      publicUrl: () => null,
      put: async (key, body, type) => {
        if (++puts === 20) throw new Error("the store went away");
        await disk.put(key, body, type);
      },
    };
    useStorage(failing);
    const photo = { name: "a.jpg", body: await sampleJpeg() };
    const answer = await upload([photo, photo]);
    expect(answer).toEqual({ status: 503, body: { error: "The images could not be stored. Please try again." } });
    expect(puts).toBeGreaterThanOrEqual(20);
    expect(await disk.keys()).toEqual([]);
  });
});

describe("POST /api/uploads without staff", () => {
  it("answers 401 to an anonymous caller and a wrong token, and reads no photo", async () => {
    const file = { name: "a.jpg", body: await sampleJpeg() };
    expect(await upload([file], {})).toEqual({ status: 401, body: { error: "Sign in as staff, or send a valid staff token" } });
    expect((await upload([file], { authorization: "Bearer wrong-token-wrong-token" })).status).toBe(401);
  });

  it("asks for multipart/form-data", async () => {
    const response = await app.inject({
      method: "POST",
      url: `${SHOP}/api/uploads`,
      payload: JSON.stringify({ files: [] }),
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Send the images as multipart/form-data in the field "files".' });
  });
});
