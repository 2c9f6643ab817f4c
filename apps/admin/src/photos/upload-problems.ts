import type { Translate } from "@workshop/domain/i18n/core.ts";
import { isUploadableImage, UploadError } from "@workshop/domain/photo-upload.ts";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS, uploadMessages } from "@workshop/domain/uploads.ts";
import type { uploadTexts } from "#admin/i18n/uploads.ts";

type T = Translate<keyof typeof uploadTexts.en>;

/** The most megabytes a photo may have (both of the console's uploads take the same files). */
export const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/** Why the browser already knows a chosen file would be refused (not an image, too large), or null. */
export function chosenFileRefusal(t: T, file: File): string | null {
  if (!isUploadableImage(file)) return t("type");
  if (file.size > MAX_UPLOAD_BYTES) return t("tooLarge", { name: file.name, mb: MAX_MB });
  return null;
}

/**
 * Why an upload failed, in the reader's language: the server's own reasons for the file, found by
 * their message (it would refuse it again, so no retry); anything else is SPEC 8's failure, worth
 * trying again.
 */
export function uploadRefusal(t: T, error: unknown): { reason: string; retry: boolean } {
  const message = error instanceof UploadError ? error.serverMessage : null;
  if (message === uploadMessages.notAnImage) return { reason: t("type"), retry: false };
  if (message === uploadMessages.tooLarge) return { reason: t("tooLargeAny", { mb: MAX_MB }), retry: false };
  if (message === uploadMessages.tooManyPixels) return { reason: t("tooManyPixels", { mp: MAX_UPLOAD_PIXELS / 1_000_000 }), retry: false };
  return { reason: t("failed"), retry: true };
}
