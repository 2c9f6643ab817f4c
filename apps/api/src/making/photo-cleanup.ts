import { defineJob } from "#server/jobs/index.ts";
import { removeExpiredWaitingPhotos, removeFilesOfDeletedPhotos, WAITING_PHOTO_HOURS } from "./photos.ts";

defineJob<object>(
  "making-photos-cleanup",
  async () => {
    try {
      const removed = await removeExpiredWaitingPhotos();
      if (removed > 0) console.info(`making photos: ${removed} photo(s) no move took within ${WAITING_PHOTO_HOURS} hours removed`);
    } catch (error) {
      console.error("making photos: removing the expired waiting photos failed, tried again next run:", error);
    }
    // The files of every photo whose row went (those just expired, a deleted order's…); never throws.
    const files = await removeFilesOfDeletedPhotos();
    if (files > 0) console.info(`making photos: the files of ${files} deleted photo(s) removed`);
  },
  // Hourly: a photo given up on is gone at most an hour after its day.
  { schedule: { cron: "17 * * * *" } },
);
