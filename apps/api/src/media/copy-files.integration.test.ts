import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type RunningS3, startS3Server } from "@workshop/testing/s3-server.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskStorage } from "./disk-storage.ts";
import { S3Storage } from "./s3-storage.ts";

const run = promisify(execFile);

let s3: RunningS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(tmpdir(), "shop-copy-"));
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run media:copy-to-s3` as an operator runs it: the script, with the shop's environment. */
const copy = (env: Record<string, string>) =>
  run(process.execPath, ["scripts/media-copy-to-s3.ts"], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ...env } }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

describe("npm run media:copy-to-s3", () => {
  it("copies DATA_DIR/files to the bucket with their types, then only what is new", async () => {
    const disk = new DiskStorage(path.join(dataDir, "files"));
    const photo = await sampleJpeg();
    await disk.put("products/hat-01-1.webp", Buffer.from("RIFF0000WEBPVP8 "), "image/webp");
    await disk.put("1795526949767-panama.jpg", photo, "image/jpeg");
    await disk.put("variants/1795526949767-panama/320.avif", Buffer.from("avif"), "image/avif");

    const first = await copy(s3.env);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain("Copied 3, already in the bucket 0, failed 0.");
    const bucket = new S3Storage(s3.options);
    expect((await bucket.keys()).sort()).toEqual([
      "1795526949767-panama.jpg",
      "products/hat-01-1.webp",
      "variants/1795526949767-panama/320.avif",
    ]);
    expect((await bucket.get("1795526949767-panama.jpg"))?.equals(photo)).toBe(true);
    const served = await fetch(`${s3.bucketUrl}/variants/1795526949767-panama/320.avif`);
    expect(served.headers.get("content-type")).toBe("image/avif");

    await disk.put("products/hat-01-2.webp", Buffer.from("RIFF0000WEBPVP8 "), "image/webp");
    const again = await copy(s3.env);
    expect(again.out).toContain("Copied 1, already in the bucket 3, failed 0.");
    bucket.close();
  });

  it("says what to set when no bucket is configured", async () => {
    const result = await copy({ S3_BUCKET: "", S3_ENDPOINT: "", S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "", S3_PUBLIC_URL: "" });
    expect(result.code).toBe(1);
    expect(result.out).toContain("No bucket configured: set S3_BUCKET");
  });
});
