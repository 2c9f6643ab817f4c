import path from "node:path";
import { config } from "#server/config.ts";
import { dataDir } from "#server/paths.ts";
import { DiskStorage } from "./disk-storage.ts";
import { S3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage-types.ts";

/** The files of DATA_DIR (`DATA_DIR/files`): the default store, and the source of `npm run media:copy-to-s3`. */
export const diskStorage = () => new DiskStorage(path.join(dataDir(), "files"));

/** The configured S3-compatible bucket (S3_BUCKET …), or null when the shop keeps its files on disk. */
export function configuredS3(): S3Storage | null {
  const c = config();
  if (!c.S3_BUCKET || !c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY) return null;
  return new S3Storage({
    bucket: c.S3_BUCKET,
    endpoint: c.S3_ENDPOINT,
    region: c.S3_REGION,
    accessKeyId: c.S3_ACCESS_KEY_ID,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    publicUrl: c.S3_PUBLIC_URL,
  });
}

let current: Storage | undefined;

/** The shop's store: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function storage(): Storage {
  current ??= configuredS3() ?? diskStorage();
  return current;
}

/** Replaces the shop's store (tests that run the same code against disk and an S3 server). */
export function useStorage(store: Storage): void {
  current = store;
}
