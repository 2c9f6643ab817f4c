import { randomBytes, randomUUID } from "node:crypto";
import { count, eq, isNull } from "drizzle-orm";
import { referenceUploadLimits, uploadMessages } from "#lib/uploads.ts";
import { getDb } from "#server/db/client.ts";
import { customOrderPhotos } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { type CleanPhoto, cleanPhoto } from "#server/media/photo-check.ts";
import { storage } from "#server/media/storage.ts";
import { PRIVATE_PREFIX } from "#server/media/storage-types.ts";
import type { IncomingFile } from "#server/media/upload-form.ts";

/** A stored reference photo as POST /api/custom-orders/uploads answers it: the id a request then names. */
export type StoredReference = { id: string };

const storeFailed = () => new AppError("unavailable", "The images could not be stored. Please try again.");

/**
 * Photos that no request has taken yet, from all visitors together, kept at most (about 5 GB at
 * 5 MB each). Anyone may upload, from many addresses: past this, uploads wait for the hourly
 * cleanup instead of filling the disk. A workshop's real customers send far fewer in a day.
 */
export const MAX_WAITING_PHOTOS = 1000;

const tooManyWaiting = () =>
  new AppError(
    "unavailable",
    "We are receiving too many photos right now. Please try again later, or send your request without photos and add them in your reply to our e-mail.",
  );

/**
 * Checks and stores a custom request's reference photos, privately: each file is checked by its
 * content and re-encoded without metadata (cleanPhoto, as for product photos) before anything is
 * stored, so one refused file leaves nothing behind. Each gets a random id (192 bits) and a key
 * under private/custom-orders/, which /media never serves. An id not taken by a request stays
 * unused (nothing links to it); a later cleanup may remove such files.
 */
export async function storeReferencePhotos(files: IncomingFile[]): Promise<StoredReference[]> {
  const { maxFiles, maxBytes, tooMany, tooLarge } = referenceUploadLimits;
  if (files.length === 0) throw new AppError("invalid", uploadMessages.none);
  if (files.length > maxFiles) throw new AppError("invalid", tooMany);
  if (files.some((f) => f.body.length > maxBytes)) throw new AppError("too_large", tooLarge);
  const db = await getDb();
  const [waiting] = await db.select({ n: count() }).from(customOrderPhotos).where(isNull(customOrderPhotos.customOrderId));
  if ((waiting?.n ?? 0) + files.length > MAX_WAITING_PHOTOS) throw tooManyWaiting();
  const photos: CleanPhoto[] = [];
  for (const file of files) photos.push(await cleanPhoto(file.body));
  const stored = photos.map((photo) => {
    const id = randomBytes(24).toString("base64url");
    // The key is another random name: the id is what callers see, the key never leaves the server.
    return { id, photo, key: `${PRIVATE_PREFIX}custom-orders/${randomUUID()}.${photo.extension}` };
  });
  const written: string[] = [];
  try {
    for (const { key, photo } of stored) {
      await storage().put(key, photo.body, photo.contentType);
      written.push(key);
    }
    await db
      .insert(customOrderPhotos)
      .values(stored.map(({ id, key, photo }) => ({ id, storageKey: key, contentType: photo.contentType })));
  } catch (error) {
    console.error("custom order photos: storing failed, removing what was stored:", error);
    await Promise.allSettled(written.map((key) => storage().delete(key)));
    throw storeFailed();
  }
  return stored.map(({ id }) => ({ id }));
}

/** A reference photo's bytes and type by its id, or null when there is none. */
export async function readReferencePhoto(id: string): Promise<{ body: Buffer; contentType: string } | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(id)) return null;
  const db = await getDb();
  const [row] = await db.select().from(customOrderPhotos).where(eq(customOrderPhotos.id, id));
  if (!row) return null;
  const body = await storage().get(row.storageKey);
  return body ? { body, contentType: row.contentType } : null;
}
