import { productErrors } from "@workshop/domain/validation/product.ts";
import sharp from "sharp";
import { storage } from "#server/media/storage.ts";
import { isSafeKey } from "#server/media/storage-types.ts";
import { originalKeyOf } from "#server/media/variants.ts";

/**
 * The keys of uploaded product photos: what POST /api/uploads stores them under (at the store's
 * root, `<ms>-<name>.<ext>` or `product-<ms>-<n>-<name>.<ext>`, docs/decisions/019), or under
 * uploads/products/. A new photo of a product must be one of them: never a seed photo of another
 * product, a size (variants/…) or any other file.
 */
const uploadKey =
  /^(?:uploads\/products\/[a-z0-9][a-z0-9._-]*|(?:product-)?\d{10,16}-(?:\d{1,2}-)?[a-z0-9-]{1,100})\.(?:jpe?g|png|webp|gif)$/;

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
  if (!uploadKey.test(key) || !isSafeKey(key)) return null;
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
 * A photo named in an API body, as a storage key: the key itself (an upload's `pathname`), or an
 * address on this shop — /media/<width>/<stem>.<format>, as GET /api/products and an upload's
 * `url` give them, resolved to the product's own photo or an upload in storage. An address on any
 * other host is refused (null).
 */
export async function photoKeyOf(reference: string, shopOrigin: string, current: readonly StoredPhoto[]): Promise<string | null> {
  if (!/^[a-z][a-z0-9+.-]*:|^\//i.test(reference)) return reference;
  const url = URL.parse(reference, shopOrigin);
  if (!url || url.origin !== new URL(shopOrigin).origin || url.hash) return null;
  const media = /^\/media\/\d{1,4}\/([a-z0-9][a-z0-9._/-]*)\.(?:avif|webp|jpg)$/i.exec(url.pathname);
  if (!media) return null;
  const stem = media[1]!;
  const own = current.find((p) => stemOf(p.storageKey) === stem);
  if (own) return own.storageKey;
  return originalKeyOf(stem, (key) => uploadKey.test(key) && isSafeKey(key));
}
