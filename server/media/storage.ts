import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "#server/paths.ts";

/** Where the shop keeps files (product photos and their variants). */
export interface Storage {
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer): Promise<void>;
}

/** Keys are relative paths made of safe segments; anything else is refused. */
export function isSafeKey(key: string): boolean {
  return key.length <= 950 && /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) && !key.includes("..");
}

/** Files under a folder on local disk (the default: DATA_DIR/files). */
class DiskStorage implements Storage {
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
  }
}

let current: Storage | undefined;

export function storage(): Storage {
  current ??= new DiskStorage(path.join(dataDir(), "files"));
  return current;
}
