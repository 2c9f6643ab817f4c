import type { DiskStorage } from "./disk-storage.ts";
import type { S3Storage } from "./s3-storage.ts";
import { contentTypeOf } from "./storage-types.ts";

export type CopyCounts = { copied: number; alreadyThere: number; failed: string[] };

/**
 * Copies every file of the disk store into the bucket, under the same key and with the content
 * type of its extension; a key the bucket already has is left alone (a stored file never changes
 * under its key), so running it again copies only what is new. Four files at a time.
 */
export async function copyDiskToBucket(from: DiskStorage, to: S3Storage): Promise<CopyCounts> {
  const [keys, present] = await Promise.all([from.keys(), to.keys().then((k) => new Set(k))]);
  const counts: CopyCounts = { copied: 0, alreadyThere: 0, failed: [] };
  const pending = keys.filter((key) => {
    if (present.has(key)) counts.alreadyThere++;
    return !present.has(key);
  });
  const worker = async () => {
    for (let key = pending.shift(); key !== undefined; key = pending.shift()) {
      try {
        const body = await from.get(key);
        if (body) await to.put(key, body, contentTypeOf(key));
        counts.copied++;
      } catch (error) {
        console.error(`${key}: ${error instanceof Error ? error.message : String(error)}`);
        counts.failed.push(key);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return counts;
}
