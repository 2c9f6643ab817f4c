import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DiskStorage } from "#server/media/disk-storage.ts";
import { useStorage } from "#server/media/storage.ts";

/** Stored files in a folder of their own (on disk), in place of the configured storage, until the next call. */
export async function useTempStorage(name: string): Promise<DiskStorage> {
  const store = new DiskStorage(await mkdtemp(path.join(tmpdir(), `${name}-`)));
  useStorage(store);
  return store;
}
