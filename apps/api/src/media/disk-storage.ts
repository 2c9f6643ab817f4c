import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { isSafeKey, type Storage } from "./storage-types.ts";

/** Files under a folder on local disk (DATA_DIR/files). The content type follows from the key's extension. */
export class DiskStorage implements Storage {
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
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  publicUrl(_key: string): string | null {
    return null;
  }

  /** Every stored key (files being written, `*.tmp`, left out), in no particular order. */
  async keys(): Promise<string[]> {
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      const key = entry.split(path.sep).join("/");
      if (!isSafeKey(key) || key.endsWith(".tmp")) continue;
      if ((await stat(path.join(this.root, entry))).isFile()) keys.push(key);
    }
    return keys;
  }
}

const isMissing = (e: unknown) => ["ENOENT", "ENOTDIR"].includes((e as NodeJS.ErrnoException).code ?? "");
