import { getDb } from "#server/db/client.ts";
import { defineJob } from "#server/jobs/index.ts";
import { storage } from "#server/media/storage.ts";
import { WAITING_PHOTO_MINUTES } from "./reference-photos.ts";

/** Rows removed per statement, so a large backlog never holds many locks or one long statement. */
const BATCH = 200;

/**
 * Removes reference photos uploaded more than WAITING_PHOTO_MINUTES (an hour) before `now` that no request took
 * (`custom_order_id IS NULL`), rows first and then their stored files. Safe against a request
 * taking a photo at that moment: the DELETE re-checks `custom_order_id IS NULL` on each row it
 * removes (a request's `UPDATE … WHERE custom_order_id IS NULL` and this DELETE lock the row, so
 * one of them waits and then finds it no longer matches), and only the files of rows this
 * statement actually deleted are removed. A file that cannot be removed is logged and left (no
 * row points to it any more). Resolves to how many photos were removed.
 */
export async function removeUnattachedPhotos(now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - WAITING_PHOTO_MINUTES * 60_000);
  const db = await getDb();
  let removed = 0;
  for (;;) {
    const batch = db
      .selectFrom("customOrderPhotos")
      .select("id")
      .where("customOrderId", "is", null)
      .where("createdAt", "<", cutoff)
      .limit(BATCH);
    const deleted = await db
      .deleteFrom("customOrderPhotos")
      .where("id", "in", batch)
      .where("customOrderId", "is", null)
      .where("createdAt", "<", cutoff)
      .returning("storageKey as key")
      .execute();
    for (const { key } of deleted) {
      await storage()
        .delete(key)
        .catch((error: unknown) => console.error(`custom order photos: stored file ${key} not removed:`, error));
    }
    removed += deleted.length;
    if (deleted.length < BATCH) return removed;
  }
}

defineJob<object>(
  "custom-order-photos-cleanup",
  async () => {
    const removed = await removeUnattachedPhotos();
    if (removed > 0)
      console.info(`custom order photos: ${removed} unattached photo(s) older than ${WAITING_PHOTO_MINUTES} minutes removed`);
  },
  // Every 10 minutes: an expired photo is gone at most 10 minutes after its hour.
  { schedule: { cron: "*/10 * * * *" } },
);
