import { defineJob } from "#server/jobs/index.ts";
import { removeExpiredWaitingPhotos, WAITING_PHOTO_HOURS } from "./photos.ts";

defineJob<object>(
  "making-photos-cleanup",
  async () => {
    const removed = await removeExpiredWaitingPhotos();
    if (removed > 0) console.info(`making photos: ${removed} photo(s) no move took within ${WAITING_PHOTO_HOURS} hours removed`);
  },
  // Hourly: a photo given up on is gone at most an hour after its day.
  { schedule: { cron: "17 * * * *" } },
);
