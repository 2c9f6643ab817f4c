import { randomBytes, randomUUID } from "node:crypto";
import { referenceRefusals, referenceUploadLimits, uploadMessages } from "@workshop/domain/uploads.ts";
import { sql } from "kysely";
import { config } from "#server/config.ts";
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
 * Photos that no request has taken yet, from all visitors together, kept at most; their bytes are
 * bounded too (REFERENCE_PHOTOS_ROOM_MB). Anyone may upload, from many addresses: past either, the
 * oldest waiting photos of whoever holds most are dropped to make room, so a new visitor can always
 * upload and a flood from many addresses pushes out its own photos before a customer's few.
 */
export const MAX_WAITING_PHOTOS = 1000;

/**
 * Photos one client (an address, an IPv6 /64) may have waiting at once: five requests' worth, and
 * at most MAX_WAITING_BYTES_PER_CLIENT of them (three full uploads of photos as large as they come).
 */
export const MAX_WAITING_PHOTOS_PER_CLIENT = 15;
const MAX_WAITING_BYTES_PER_CLIENT = 50 * 1024 * 1024;

/** A photo uploaded within the last WAITING_PHOTO_MINUTES, on the database's clock: not expired. */
export const notExpired = sql<boolean>`custom_order_photos.created_at > now() - make_interval(mins => ${WAITING_PHOTO_MINUTES})`;

/** A row from before sizes were kept counts as a photo as large as one may be sent. */
const sizeOf = (bytes: number | null) => bytes ?? referenceUploadLimits.maxBytes;

type Waiting = { id: string; client: string | null; bytes: number | null; storageKey: string; createdAt: Date };

/** Photos waiting for a request and not yet expired, of one client or of everyone, oldest first. */
async function waitingPhotos(db: Db | Tx, client?: string): Promise<Waiting[]> {
  let query = db
    .selectFrom("customOrderPhotos")
    .select(["id", "client", "bytes", "storageKey", "createdAt"])
    .where("customOrderId", "is", null)
    .where(notExpired)
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc");
  if (client !== undefined) query = query.where("client", "=", client);
  return (await query.execute()).map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/** Refuses more photos (and bytes) than the client's share allows. */
function checkShare(mine: Waiting[], adding: number, addingBytes: number): void {
  const bytes = mine.reduce((sum, p) => sum + sizeOf(p.bytes), 0);
  if (mine.length + adding > MAX_WAITING_PHOTOS_PER_CLIENT || bytes + addingBytes > MAX_WAITING_BYTES_PER_CLIENT)
    throw new AppError("too_many", referenceRefusals.clientShareUsed);
}

/**
 * The waiting photos to drop so that `adding` more photos of `addingBytes` fit the room: each time
 * the oldest of the client holding the most bytes (the first of them to upload when they hold as much).
 */
function photosToDrop(waiting: Waiting[], adding: number, addingBytes: number, roomBytes: number): Waiting[] {
  // Each client's photos, oldest first, and the bytes it holds.
  const clients = new Map<string, { photos: Waiting[]; bytes: number }>();
  for (const photo of waiting) {
    const held = clients.get(photo.client ?? "") ?? { photos: [], bytes: 0 };
    held.photos.push(photo);
    held.bytes += sizeOf(photo.bytes);
    clients.set(photo.client ?? "", held);
  }
  let count = waiting.length;
  let bytes = waiting.reduce((sum, p) => sum + sizeOf(p.bytes), 0);
  const dropped: Waiting[] = [];
  while (count > 0 && (count + adding > MAX_WAITING_PHOTOS || bytes + addingBytes > roomBytes)) {
    let most: { photos: Waiting[]; bytes: number } | undefined;
    for (const held of clients.values()) {
      if (held.photos.length === 0) continue;
      if (!most || held.bytes > most.bytes || (held.bytes === most.bytes && held.photos[0]!.createdAt < most.photos[0]!.createdAt))
        most = held;
    }
    const photo = most!.photos.shift()!;
    most!.bytes -= sizeOf(photo.bytes);
    dropped.push(photo);
    count -= 1;
    bytes -= sizeOf(photo.bytes);
  }
  return dropped;
}

/**
 * Checks and stores a custom request's reference photos, privately: each file is checked by its
 * content and re-encoded without metadata (cleanPhoto, as for product photos) before anything is
 * stored, so one refused file leaves nothing behind. Each gets a random id (192 bits) and a key
 * under private/custom-orders/, which /media never serves. The room is checked before the photos
 * are decoded and again, under one lock, when they are recorded, with the room made for them (the
 * dropped photos' files removed after). An id not taken by a request expires.
 */
export async function storeReferencePhotos(files: IncomingFile[], client: string): Promise<StoredReference[]> {
  const { maxFiles, maxBytes, tooMany, tooLarge } = referenceUploadLimits;
  if (files.length === 0) throw new AppError("invalid", uploadMessages.none);
  if (files.length > maxFiles) throw new AppError("invalid", tooMany);
  if (files.some((f) => f.body.length > maxBytes)) throw new AppError("too_large", tooLarge);
  const db = await getDb();
  // Before any decoding: a client past its share is refused at once (the bytes are counted again below).
  checkShare(await waitingPhotos(db, client), files.length, 0);
  const photos: CleanPhoto[] = [];
  for (const file of files) photos.push(await cleanPhoto(file.body, "reference"));
  const stored = photos.map((photo) => {
    const id = randomBytes(24).toString("base64url");
    // The key is another random name: the id is what callers see, the key never leaves the server.
    return { id, photo, key: `${PRIVATE_PREFIX}custom-orders/${randomUUID()}.${photo.extension}` };
  });
  const addingBytes = stored.reduce((sum, { photo }) => sum + photo.body.length, 0);
  const written: string[] = [];
  let droppedKeys: string[] = [];
  try {
    for (const { key, photo } of stored) {
      await storage().put(key, photo.body, photo.contentType);
      written.push(key);
    }
    droppedKeys = await db.transaction().execute(async (tx) => {
      // One upload at a time takes its room: parallel uploads cannot pass a share or the room together.
      await sql`select pg_advisory_xact_lock(hashtext('reference-photos:room'))`.execute(tx);
      const waiting = await waitingPhotos(tx);
      checkShare(
        waiting.filter((p) => p.client === client),
        files.length,
        addingBytes,
      );
      const drop = photosToDrop(waiting, files.length, addingBytes, config().REFERENCE_PHOTOS_ROOM_MB * 1024 * 1024);
      // A request may have taken one meanwhile (its UPDATE re-checks the same): only untaken rows go.
      const gone =
        drop.length === 0
          ? []
          : await tx
              .deleteFrom("customOrderPhotos")
              .where(
                "id",
                "in",
                drop.map((p) => p.id),
              )
              .where("customOrderId", "is", null)
              .returning("storageKey as key")
              .execute();
      await tx
        .insertInto("customOrderPhotos")
        .values(
          stored.map(({ id, key, photo }) => ({ id, storageKey: key, contentType: photo.contentType, client, bytes: photo.body.length })),
        )
        .execute();
      return gone.map((row) => row.key);
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage().delete(key)));
    if (error instanceof AppError) throw error;
    console.error("custom order photos: storing failed, removing what was stored:", error);
    throw storeFailed();
  }
  if (droppedKeys.length > 0) console.info(`custom order photos: the room was full, ${droppedKeys.length} waiting photo(s) dropped`);
  for (const key of droppedKeys) {
    await storage()
      .delete(key)
      .catch((error: unknown) => console.error(`custom order photos: stored file ${key} not removed:`, error));
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
