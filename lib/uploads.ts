/**
 * The limits of POST /api/uploads (product photos), shared by the server that enforces them and
 * the admin's uploader that states them. Messages are SPEC 5's, verbatim.
 */
export const MAX_UPLOAD_FILES = 5;
/** Per photo: 10 MB. A larger one is refused (413) before more of the body is read. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Per photo: 50 megapixels (a 45 MP camera fits); larger ones are refused before they are decoded. */
export const MAX_UPLOAD_PIXELS = 50_000_000;

export const uploadMessages = {
  notAnImage: "Only JPG, PNG, WebP, and GIF images are allowed.",
  tooMany: `You can only upload up to ${MAX_UPLOAD_FILES} files at once.`,
  tooLarge: `Each image may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: `Each image may be at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels.`,
  none: "Choose at least one image to upload.",
} as const;
