import sharp from "sharp";
import { productErrors } from "#lib/validation/product.ts";
import { isSafeKey, storage } from "#server/media/storage.ts";

/** Where uploaded product photos live in storage; a new photo of a product must be one of them. */
const UPLOAD_PREFIX = "uploads/products/";

export type StoredPhoto = { storageKey: string; width: number; height: number };

/**
 * The photos a product is saved with, checked: a photo it already has is kept as it is; any other
 * must be an uploaded product photo (under uploads/products/) that exists in storage and is an
 * image. Returns the photos with their sizes, or the index of each refused one.
 */
export async function checkPhotos(
  keys: readonly string[],
  current: readonly StoredPhoto[],
): Promise<{ photos: StoredPhoto[]; errors: Record<string, string> }> {
  const known = new Map(current.map((p) => [p.storageKey, p]));
  const errors: Record<string, string> = {};
  const photos: StoredPhoto[] = [];
  for (const [index, key] of keys.entries()) {
    const photo = known.get(key) ?? (await uploadedPhoto(key));
    if (photo) photos.push(photo);
    else errors[`images.${index}.key`] = productErrors.image;
  }
  return { photos, errors };
}

async function uploadedPhoto(key: string): Promise<StoredPhoto | null> {
  if (!key.startsWith(UPLOAD_PREFIX) || !isSafeKey(key)) return null;
  const body = await storage().get(key);
  if (!body) return null;
  try {
    const meta = await sharp(body).metadata();
    if (!meta.width || !meta.height) return null;
    return { storageKey: key, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

const stemOf = (key: string) => key.replace(/\.[a-z0-9]+$/i, "");

/**
 * A photo named in an API body, as a storage key: the key itself ('uploads/products/…'), or an
 * address on this shop — a photo's /media/<width>/<key>.<format> (as GET /api/products gives
 * them) or an upload's own address. An address on any other host is refused (null).
 */
export function photoKeyOf(reference: string, shopOrigin: string, current: readonly StoredPhoto[]): string | null {
  if (!/^[a-z][a-z0-9+.-]*:|^\//i.test(reference)) return reference;
  const url = URL.parse(reference, shopOrigin);
  if (!url || url.origin !== new URL(shopOrigin).origin || url.search || url.hash) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  const media = /^\/media\/\d{1,4}\/(.+)\.(?:avif|webp|jpg)$/.exec(path);
  if (media) {
    const stem = media[1]!;
    return current.find((p) => stemOf(p.storageKey) === stem)?.storageKey ?? null;
  }
  const at = path.indexOf(`/${UPLOAD_PREFIX}`);
  return at >= 0 ? path.slice(at + 1) : null;
}
