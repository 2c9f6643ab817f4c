import { randomBytes, randomUUID } from "node:crypto";
import { referenceRefusals, referenceUploadLimits, uploadMessages } from "@workshop/domain/uploads.ts";
import { sql } from "kysely";
import { type Db, getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { AppError } from "#server/errors.ts";
import { type CleanPhoto, cleanPhoto } from "#server/media/photo-check.ts";
import { storage } from "#server/media/storage.ts";
import { PRIVATE_PREFIX } from "#server/media/storage-types.ts";
import type { IncomingFile } from "#server/media/upload-form.ts";

/** A stored reference photo as POST /api/custom-orders/uploads answers it: the id a request then names. */
export type StoredReference = { id: string };

const storeFailed = () => new AppError("unavailable", "The images could not be stored. Please try again.");

/**
 * A photo no request took within this time has expired: it no longer counts against any limit and
 * the cleanup (photo-cleanup.ts, every 10 minutes) removes it. An hour is long enough to fill in
 * the form, and short enough that nobody can keep the shop's room filled for long.
 */
export const WAITING_PHOTO_MINUTES = 60;

/**
 * Photos that no request has taken yet, from all visitors together, kept at most (about 5 GB at
 * 5 MB each). Anyone may upload, from many addresses: past this, uploads wait for the cleanup
 * instead of filling the disk. A workshop's real customers send far fewer in an hour.
 */
export const MAX_WAITING_PHOTOS = 1000;

/**
 * Photos one client (an address, an IPv6 /64) may have waiting at once: five requests' worth. One
 * address can then hold 1.5% of the room, and filling it takes about 67 addresses at once.
 */
export const MAX_WAITING_PHOTOS_PER_CLIENT = 15;

/** A photo uploaded within the last WAITING_PHOTO_MINUTES, on the database's clock: not expired. */
export const notExpired = sql<boolean>`custom_order_photos.created_at > now() - make_interval(mins => ${WAITING_PHOTO_MINUTES})`;

/** Photos waiting for a request and not yet expired, of one client or of everyone. */
async function waitingPhotos(db: Db | Tx, client?: string): Promise<number> {
  let query = db
    .selectFrom("customOrderPhotos")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("customOrderId", "is", null)
    .where(notExpired);
  if (client !== undefined) query = query.where("client", "=", client);
  const row = await query.executeTakeFirst();
  return row?.n ?? 0;
}

/** Refuses more photos than the client's share or the shop's room allows. */
async function checkRoom(db: Db | Tx, client: string, adding: number): Promise<void> {
  if ((await waitingPhotos(db, client)) + adding > MAX_WAITING_PHOTOS_PER_CLIENT)
    throw new AppError("too_many", referenceRefusals.clientShareUsed);
  if ((await waitingPhotos(db)) + adding > MAX_WAITING_PHOTOS) throw new AppError("unavailable", referenceRefusals.roomFull);
}

/**
 * Checks and stores a custom request's reference photos, privately: each file is checked by its
 * content and re-encoded without metadata (cleanPhoto, as for product photos) before anything is
 * stored, so one refused file leaves nothing behind. Each gets a random id (192 bits) and a key
 * under private/custom-orders/, which /media never serves. The room is checked before the photos
 * are decoded and again, under a lock per client, when they are recorded, so parallel uploads of
 * one client cannot pass their share together. An id not taken by a request expires.
 */
export async function storeReferencePhotos(files: IncomingFile[], client: string): Promise<StoredReference[]> {
  const { maxFiles, maxBytes, tooMany, tooLarge } = referenceUploadLimits;
  if (files.length === 0) throw new AppError("invalid", uploadMessages.none);
  if (files.length > maxFiles) throw new AppError("invalid", tooMany);
  if (files.some((f) => f.body.length > maxBytes)) throw new AppError("too_large", tooLarge);
  const db = await getDb();
  await checkRoom(db, client, files.length);
  const photos: CleanPhoto[] = [];
  for (const file of files) photos.push(await cleanPhoto(file.body, "reference"));
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
    await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`reference-photos:${client}`}))`.execute(tx);
      await checkRoom(tx, client, files.length);
      await tx
        .insertInto("customOrderPhotos")
        .values(stored.map(({ id, key, photo }) => ({ id, storageKey: key, contentType: photo.contentType, client })))
        .execute();
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage().delete(key)));
    if (error instanceof AppError) throw error;
    console.error("custom order photos: storing failed, removing what was stored:", error);
    throw storeFailed();
  }
  return stored.map(({ id }) => ({ id }));
}

/** A reference photo's bytes and type by its id, or null when there is none. */
export async function readReferencePhoto(id: string): Promise<{ body: Buffer; contentType: string } | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(id)) return null;
  const db = await getDb();
  const row = await db.selectFrom("customOrderPhotos").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const body = await storage().get(row.storageKey);
  return body ? { body, contentType: row.contentType } : null;
}
