/**
 * `npm run media:copy-to-s3`: copies an existing shop's files (product photos and their sizes) from
 * DATA_DIR/files to the S3 bucket configured with S3_BUCKET and its keys. Files already in the
 * bucket are skipped, so it may run again (after a failure, or before switching over) safely.
 * The shop may keep running meanwhile: it only reads DATA_DIR/files.
 */
import { copyDiskToBucket } from "#server/media/copy-files.ts";
import { configuredS3, diskStorage } from "#server/media/storage.ts";

const bucket = configuredS3();
if (!bucket) {
  console.error(
    "No bucket configured: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a store other than AWS).",
  );
  process.exit(1);
}
const from = diskStorage();
console.log(`Copying ${from.root} to the bucket ${process.env.S3_BUCKET}…`);
const counts = await copyDiskToBucket(from, bucket);
bucket.close();
console.log(`Copied ${counts.copied}, already in the bucket ${counts.alreadyThere}, failed ${counts.failed.length}.`);
if (counts.failed.length > 0) {
  console.error("Some files were not copied (listed above); run the command again to retry them.");
  process.exit(1);
}
