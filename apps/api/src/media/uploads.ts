import { imageUrl } from "@workshop/domain/images.ts";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES, uploadMessages } from "@workshop/domain/uploads.ts";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { type CleanPhoto, cleanPhoto } from "./photo-check.ts";
import { storage } from "./storage.ts";
import type { IncomingFile } from "./upload-form.ts";
import { pathnameOf } from "./upload-names.ts";
import { encodeAllVariants, variantKey } from "./variants.ts";

/** SPEC 3 "Uploaded file result": what POST /api/uploads answers for each file, in the order sent. */
export type UploadedFile = {
  /** The photo as the storefront shows it: /media/1280/<pathname without extension>.jpg on this shop. */
  url: string;
  /** The same, served as a download. */
  downloadUrl: string;
  /** The original's key in storage; the storefront's sizes are kept beside it (variants/<stem>/…). */
  pathname: string;
  /** The type of what `url` serves. */
  contentType: string;
  contentDisposition: string;
};

type Prepared = { pathname: string; photo: CleanPhoto; variants: { key: string; body: Buffer; contentType: string }[] };

/**
 * Checks and stores the photos of one upload: every file is checked and re-encoded (cleanPhoto),
 * and all the storefront's sizes are made, before anything is stored, so a refused file leaves
 * nothing behind. If storing fails halfway, what was stored is removed again (503). Each decode
 * waits for its turn in the decode queue (decode-queue.ts), one photo at a time.
 */
export async function uploadPhotos(files: IncomingFile[], actor: Actor): Promise<UploadedFile[]> {
  if (files.length === 0) throw new AppError("invalid", uploadMessages.none);
  if (files.length > MAX_UPLOAD_FILES) throw new AppError("invalid", uploadMessages.tooMany);
  if (files.some((f) => f.body.length > MAX_UPLOAD_BYTES)) throw new AppError("too_large", uploadMessages.tooLarge);
  const photos: CleanPhoto[] = [];
  for (const file of files) photos.push(await cleanPhoto(file.body));
  const pathnames = await freePathnames(files, photos);
  const prepared: Prepared[] = [];
  for (const [i, photo] of photos.entries()) {
    const pathname = pathnames[i]!;
    const stem = pathname.slice(0, pathname.lastIndexOf("."));
    const variants = (await encodeAllVariants(photo.body)).map((v) => ({ ...v, key: variantKey(stem, v.width, v.format) }));
    prepared.push({ pathname, photo, variants });
  }
  await storeAll(prepared);
  await recordAudit({ actor, action: "photos-uploaded", after: { pathnames } });
  return prepared.map(({ pathname }) => resultOf(pathname));
}

/** Keys no stored file has yet: one clock tick later while any of them is taken. */
async function freePathnames(files: IncomingFile[], photos: CleanPhoto[]): Promise<string[]> {
  for (let time = Date.now(); ; time++) {
    const several = files.length > 1;
    const names = files.map((file, i) => pathnameOf(file.name, photos[i]!.extension, time, several ? i : null));
    const taken = await Promise.all(names.map((name) => storage().exists(name))).catch((error: unknown) => {
      console.error("uploads: the store did not answer:", error);
      throw storeFailed();
    });
    if (!taken.includes(true)) return names;
  }
}

async function storeAll(prepared: Prepared[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const { pathname, photo, variants } of prepared) {
      // Settled, not raced: nothing may still be writing when a failure removes what was written.
      const puts = await Promise.allSettled(
        variants.map(async (v) => {
          await storage().put(v.key, v.body, v.contentType);
          written.push(v.key);
        }),
      );
      const failed = puts.find((p) => p.status === "rejected");
      if (failed) throw failed.reason;
      // The original last: a stored original always has its sizes.
      await storage().put(pathname, photo.body, photo.contentType);
      written.push(pathname);
    }
  } catch (error) {
    console.error("uploads: storing failed, removing what was stored:", error);
    await Promise.allSettled(written.map((key) => storage().delete(key)));
    throw storeFailed();
  }
}

const storeFailed = () => new AppError("unavailable", "The images could not be stored. Please try again.");

function resultOf(pathname: string): UploadedFile {
  const url = config().publicUrl + imageUrl(pathname, 1280, "jpg");
  const file = `${pathname.slice(0, pathname.lastIndexOf("."))}.jpg`;
  return {
    url,
    downloadUrl: `${url}?download=1`,
    pathname,
    contentType: "image/jpeg",
    contentDisposition: `inline; filename="${file}"`,
  };
}
