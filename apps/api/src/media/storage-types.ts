/**
 * Where the shop keeps files: product photos (originals) and their sizes (variants/…). Keys are
 * relative paths made of safe segments (isSafeKey); a stored file never changes under its key.
 */
export interface Storage {
  /** The file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a key with no file is no error. */
  delete(key: string): Promise<void>;
  /** Where a browser may read the file directly (a CDN before the bucket), or null: only through the shop. */
  publicUrl(key: string): string | null;
}

/** Keys are relative paths made of safe segments; anything else is refused. */
export function isSafeKey(key: string): boolean {
  return key.length <= 950 && /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) && !key.includes("..");
}

/** Where private files live (custom requests' reference photos): never served by /media, only through signed links. */
export const PRIVATE_PREFIX = "private/";
export const isPrivateKey = (key: string): boolean => key.toLowerCase().startsWith(PRIVATE_PREFIX);

/** Where the sizes made of an original are kept (variants/<stem>/<width>.<format>): derived files, never originals. */
export const VARIANTS_PREFIX = "variants/";

/** Whether a key may name an original photo: not a private file, not a size made of another photo. */
export const mayBeOriginal = (key: string): boolean => !isPrivateKey(key) && !key.toLowerCase().startsWith(VARIANTS_PREFIX);

const typesByExtension: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

/** The content type a stored file is served with, from its key's extension. */
export function contentTypeOf(key: string): string {
  return typesByExtension[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}
