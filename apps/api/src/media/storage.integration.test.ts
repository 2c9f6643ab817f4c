import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RunningS3, startS3Server } from "@workshop/testing/s3-server.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskStorage } from "./disk-storage.ts";
import { S3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage-types.ts";

let s3: RunningS3;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server();
  folder = await mkdtemp(path.join(tmpdir(), "shop-disk-"));
});
afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

const stores: [string, () => Storage & { keys(): Promise<string[]> }][] = [
  ["on disk", () => new DiskStorage(folder)],
  ["in an S3 bucket (a real S3 server on loopback)", () => new S3Storage(s3.options)],
];

describe.each(stores)("the store %s", (_name, open) => {
  it("keeps a file under its key and gives it back, byte for byte", async () => {
    const store = open();
    const body = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c84" } })
      .png()
      .toBuffer();
    expect(await store.exists("products/a.png")).toBe(false);
    expect(await store.get("products/a.png")).toBeNull();
    await store.put("products/a.png", body, "image/png");
    expect(await store.exists("products/a.png")).toBe(true);
    expect((await store.get("products/a.png"))?.equals(body)).toBe(true);
    expect(await store.keys()).toContain("products/a.png");
  });

  it("replaces a file and deletes it; deleting a missing key is no error", async () => {
    const store = open();
    await store.put("b/c.jpg", Buffer.from("one"), "image/jpeg");
    await store.put("b/c.jpg", Buffer.from("two"), "image/jpeg");
    expect((await store.get("b/c.jpg"))?.toString()).toBe("two");
    await store.delete("b/c.jpg");
    expect(await store.exists("b/c.jpg")).toBe(false);
    expect(await store.get("b/c.jpg")).toBeNull();
    await expect(store.delete("b/c.jpg")).resolves.toBeUndefined();
  });

  it("stores a file larger than one multipart part (5 MB) whole", async () => {
    const store = open();
    const big = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    await store.put("big/photo.jpg", big, "image/jpeg");
    expect((await store.get("big/photo.jpg"))?.equals(big)).toBe(true);
    await store.delete("big/photo.jpg");
  });

  it("refuses keys that could leave its folder or bucket prefix", async () => {
    const store = open();
    for (const key of ["../escape.png", "/abs.png", "a/../../b.png", "a//b.png", "a\\b.png", `${"a".repeat(951)}`]) {
      await expect(store.put(key, Buffer.from("x"), "image/png"), key).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe("the S3 store's public addresses", () => {
  it("names an object under S3_PUBLIC_URL, and nothing without it", async () => {
    expect(new S3Storage(s3.options).publicUrl("variants/a/640.jpg")).toBeNull();
    const cdn = new S3Storage({ ...s3.options, publicUrl: "https://cdn.example.com/shop/" });
    expect(cdn.publicUrl("variants/a/640.jpg")).toBe("https://cdn.example.com/shop/variants/a/640.jpg");
  });

  it("sends each object with its content type and a year-long cache header", async () => {
    const store = new S3Storage(s3.options);
    await store.put("typed/photo.webp", Buffer.from("RIFF0000WEBP"), "image/webp");
    const response = await fetch(`${s3.bucketUrl}/typed/photo.webp`);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("the disk store", () => {
  it("leaves no temporary file behind", async () => {
    const store = new DiskStorage(folder);
    await store.put("tmp/x.png", Buffer.from("x"), "image/png");
    expect(await readdir(path.join(folder, "tmp"))).toEqual(["x.png"]);
  });
});
