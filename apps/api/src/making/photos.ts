import { randomBytes } from "node:crypto";
import { type ImageFormat, type ImageWidth, imageFormats, imageWidths } from "@workshop/domain/images.ts";
import { MAX_PHOTOS_PER_MOVE, type MakingPhotoAnswer } from "@workshop/domain/staff-api/making.ts";
import { uploadMessages } from "@workshop/domain/uploads.ts";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { type Db, getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Row } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";
import { type CleanPhoto, cleanPhoto } from "#server/media/photo-check.ts";
import { storage } from "#server/media/storage.ts";
import { PRIVATE_PREFIX } from "#server/media/storage-types.ts";
import type { IncomingFile } from "#server/media/upload-form.ts";
import { encodeAllVariants, type Variant } from "#server/media/variants.ts";
import { isInWorkshop } from "./stage-list.ts";

/**
 * Stage photos (decision 054): checked, cleaned and made in every size by the product photos'
 * pipeline (media/photo-check.ts, media/variants.ts), on disk or S3, but private to their order:
 * under private/making/<order id>/, which /media never serves and the bucket's public address
 * refuses. Staff see them through the console's API, the customer through the order's private link.
 * Uploaded before their move, they wait for it (event_id null) and go with the move that names them.
 */

export type MakingPhoto = Row<"makingPhotos">;

/** Photos waiting for a move on one order at most: four uploads' worth, so a form given up on does not block the next. */
export const MAX_WAITING_PHOTOS_PER_ORDER = 20;
/** A waiting photo no move took within this time is removed (photo-cleanup.ts). */
export const WAITING_PHOTO_HOURS = 24;

const photoIdPattern = /^[0-9a-f]{32}$/;
const isMakingPhotoId = (id: string) => photoIdPattern.test(id);

/** The original's key; its sizes are kept beside it, `<key without extension>/<width>.<format>`. */
const originalKey = (orderId: string, id: string, extension: string) => `${PRIVATE_PREFIX}making/${orderId}/${id}.${extension}`;
const sizeKey = (storageKey: string, width: ImageWidth, format: ImageFormat) =>
  `${storageKey.slice(0, storageKey.lastIndexOf("."))}/${width}.${format}`;
const keysOf = (storageKey: string) => [
  storageKey,
  ...imageWidths.flatMap((width) => imageFormats.map((format) => sizeKey(storageKey, width, format))),
];

/** Where a photo is read, for staff (`admin`: the console's API, by order id) or the customer (`shop`: by the order's private link). */
export function photoAnswer(photo: Pick<MakingPhoto, "id" | "width" | "height">, base: string): MakingPhotoAnswer {
  const at = `${base}/${photo.id}`;
  return { id: photo.id, width: photo.width, height: photo.height, base: at, url: `${at}/1280.jpg`, thumbnailUrl: `${at}/480.jpg` };
}
export const adminPhotoBase = (orderId: string) => `/api/admin/orders/${orderId}/making/photos`;
export const shopPhotoBase = (token: string) => `/api/shop/orders/${token}/making/photos`;

const storeFailed = () => new AppError("unavailable", "The images could not be stored. Please try again.");
const tooManyWaiting = () =>
  new AppError(
    "conflict",
    `${MAX_WAITING_PHOTOS_PER_ORDER} photos already wait for a move on this order: make the move, or remove some, before adding more.`,
    { code: "too-many-waiting" },
  );

/** Removes a photo's files, the original and every size; throws once it tried them all if one would not go. */
async function removeFiles(storageKey: string): Promise<void> {
  const results = await Promise.allSettled(keysOf(storageKey).map((key) => storage().delete(key)));
  const failed = results.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
  if (failed.length > 0) throw new Error(`${failed.length} of ${results.length} files not removed`, { cause: failed[0] });
}

/**
 * Stores the photos of one upload for an order in the workshop: every file checked by its content
 * and made anew (a file that lies about its type is refused), all sizes made, before anything is
 * stored; then kept waiting for a move. Answers the stored photos in the order sent.
 */
export async function uploadMakingPhotos(orderId: string, files: IncomingFile[], actor: Actor): Promise<MakingPhoto[]> {
  if (files.length === 0) throw new AppError("invalid", uploadMessages.none);
  if (files.length > MAX_PHOTOS_PER_MOVE) throw new AppError("invalid", uploadMessages.tooMany);
  const db = await getDb();
  await checkRoom(db, orderId, files.length);
  const photos: CleanPhoto[] = [];
  for (const file of files) photos.push(await cleanPhoto(file.body));
  const prepared: { id: string; key: string; photo: CleanPhoto; sizes: (Variant & { key: string })[] }[] = [];
  for (const photo of photos) {
    const id = randomBytes(16).toString("hex");
    const key = originalKey(orderId, id, photo.extension);
    const sizes = (await encodeAllVariants(photo.body)).map((v) => ({ ...v, key: sizeKey(key, v.width, v.format) }));
    prepared.push({ id, key, photo, sizes });
  }
  const written: string[] = [];
  try {
    for (const { key, photo, sizes } of prepared) {
      for (const size of sizes) {
        await storage().put(size.key, size.body, size.contentType);
        written.push(size.key);
      }
      await storage().put(key, photo.body, photo.contentType);
      written.push(key);
    }
  } catch (error) {
    console.error("making photos: storing failed, removing what was stored:", error);
    await Promise.allSettled(written.map((key) => storage().delete(key)));
    throw storeFailed();
  }
  try {
    return await db.transaction().execute(async (tx) => {
      // Counted again under the order's lock: two uploads at once cannot both pass the limit.
      await checkRoom(tx, orderId, files.length, true);
      const rows = await tx
        .insertInto("makingPhotos")
        .values(
          prepared.map(({ id, key, photo }) => ({
            id,
            orderId,
            storageKey: key,
            width: photo.width,
            height: photo.height,
            bytes: photo.body.length,
            staffId: actor.staffId,
            actor: actor.label,
          })),
        )
        .returningAll()
        .execute();
      await recordAudit(
        { actor, action: "photos-uploaded", recordType: "order", recordId: orderId, after: { makingPhotos: rows.map((r) => r.id) } },
        tx,
      );
      return prepared.map(({ id }) => rows.find((row) => row.id === id)!);
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage().delete(key)));
    throw error;
  }
}

/** Refuses an upload before its body is read: an order no longer in the workshop, or with no room for another waiting photo (409). */
export async function refuseUpload(orderId: string): Promise<void> {
  await checkRoom(await getDb(), orderId, 1);
}

/** Refuses an upload for an unknown order (404), one no longer in the workshop (409), or past the waiting photos' room (409). */
async function checkRoom(db: Db | Tx, orderId: string, adding: number, lock = false): Promise<void> {
  let query = db.selectFrom("orders").select("status").where("id", "=", orderId);
  if (lock) query = query.forUpdate();
  const order = await query.executeTakeFirst();
  if (!order) throw new AppError("not_found", "Order not found");
  if (!isInWorkshop(order.status))
    throw new AppError("conflict", `This order is ${order.status}: its hat is no longer in the workshop.`, { code: "not-in-workshop" });
  const waiting = await db
    .selectFrom("makingPhotos")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("orderId", "=", orderId)
    .where("eventId", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(waiting.n) + adding > MAX_WAITING_PHOTOS_PER_ORDER) throw tooManyWaiting();
}

/**
 * Gives a move (its event) the waiting photos it names, in that order; a photo that is not one of
 * this order's waiting photos refuses the move (400), which then changes nothing.
 */
export async function attachPhotos(tx: Tx, orderId: string, eventId: number, photoIds: readonly string[]): Promise<number> {
  const ids = [...new Set(photoIds)];
  for (const [position, id] of ids.entries()) {
    const taken = await tx
      .updateTable("makingPhotos")
      .set({ eventId, position })
      .where("id", "=", id)
      .where("orderId", "=", orderId)
      .where("eventId", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!taken)
      throw new AppError("invalid", "A photo of this move is no longer waiting: upload it again", { photoIds: "photo", photo: id });
  }
  return ids.length;
}

/** Removes one of an order's waiting photos (staff took it off the form); a photo a move took stays. */
export async function removeWaitingPhoto(orderId: string, photoId: string): Promise<void> {
  if (!isMakingPhotoId(photoId)) throw new AppError("not_found", "No such photo");
  const db = await getDb();
  const removed = await db
    .deleteFrom("makingPhotos")
    .where("id", "=", photoId)
    .where("orderId", "=", orderId)
    .where("eventId", "is", null)
    .returning("storageKey")
    .executeTakeFirst();
  if (!removed) throw new AppError("not_found", "No such waiting photo");
  // The row's trigger queued its key: its files go now, through the queue (a failure is retried by the job).
  await removeQueuedFiles([removed.storageKey]);
}

/**
 * One size of one of an order's photos (`file`: `<width>.<format>`, as photoAnswer names them), or
 * null for anything else: another order's photo, an unknown name or size.
 */
export async function readMakingPhoto(
  orderId: string,
  photoId: string,
  file: string,
): Promise<{ body: Buffer; contentType: string } | null> {
  const match = /^(\d{3,4})\.(avif|webp|jpg)$/.exec(file);
  if (!isMakingPhotoId(photoId) || !match) return null;
  const width = Number(match[1]) as ImageWidth;
  const format = match[2] as ImageFormat;
  if (!imageWidths.includes(width)) return null;
  const db = await getDb();
  const photo = await db
    .selectFrom("makingPhotos")
    .select("storageKey")
    .where("id", "=", photoId)
    .where("orderId", "=", orderId)
    .executeTakeFirst();
  if (!photo) return null;
  const body = await storage().get(sizeKey(photo.storageKey, width, format));
  return body ? { body, contentType: format === "jpg" ? "image/jpeg" : `image/${format}` } : null;
}

/**
 * Removes the rows of waiting photos uploaded more than WAITING_PHOTO_HOURS before `now` that no
 * move took; the DELETE checks again that no move took each meanwhile. Their files go with the
 * next removeFilesOfDeletedPhotos (the same job runs it right after). Resolves to how many were removed.
 */
export async function removeExpiredWaitingPhotos(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const removed = await db
    .deleteFrom("makingPhotos")
    .where("eventId", "is", null)
    .where("createdAt", "<", new Date(now.getTime() - WAITING_PHOTO_HOURS * 3_600_000))
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/** Keys whose files one run of removeFilesOfDeletedPhotos removes at most; the rest wait for the next run. */
const FILE_REMOVALS_PER_RUN = 500;

/**
 * Removes the files of queued keys (`only` those, or any), the oldest first and at most
 * FILE_REMOVALS_PER_RUN: a key whose files all went leaves the queue; one whose files would not go
 * is logged and stays, moved to the back, for a later run. A key leaves the queue only after its
 * files, so a run cut short loses none; two runs at once at worst remove a file twice, which is
 * harmless. Never throws; resolves to how many keys' files went.
 *
 * The one way a making photo's files go: its row's delete trigger (migration 0022) queues its key,
 * whatever deleted the row (its order deleted in the database, a waiting photo removed or expired),
 * so no delete needs code of its own for the files and every failure is retried the same way.
 */
async function removeQueuedFiles(only?: readonly string[]): Promise<number> {
  try {
    if (only?.length === 0) return 0;
    const db = await getDb();
    let query = db
      .selectFrom("storedFilesToRemove")
      .select("storageKey")
      .orderBy("createdAt")
      .orderBy("storageKey")
      .limit(FILE_REMOVALS_PER_RUN);
    if (only) query = query.where("storageKey", "in", only);
    const queued = await query.execute();
    const removed: string[] = [];
    const failed: string[] = [];
    for (const { storageKey } of queued) {
      try {
        await removeFiles(storageKey);
        removed.push(storageKey);
      } catch (error) {
        console.error(`making photos: the files of ${storageKey} not removed, tried again later:`, error);
        failed.push(storageKey);
      }
    }
    if (removed.length > 0) await db.deleteFrom("storedFilesToRemove").where("storageKey", "in", removed).execute();
    if (failed.length > 0)
      await db.updateTable("storedFilesToRemove").set({ createdAt: new Date() }).where("storageKey", "in", failed).execute();
    return removed.length;
  } catch (error) {
    console.error("making photos: removing the files of deleted photos failed, tried again later:", error);
    return 0;
  }
}

/**
 * Removes the stored files of deleted making photos (their order deleted in the database, a waiting
 * photo removed or expired): up to FILE_REMOVALS_PER_RUN keys a run, a failure left for the next.
 * Never throws; resolves to how many photos' files went.
 */
export function removeFilesOfDeletedPhotos(): Promise<number> {
  return removeQueuedFiles();
}
