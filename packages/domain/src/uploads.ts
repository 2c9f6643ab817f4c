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

/** The limits of one upload: what readUploadForm (apps/api/src/media/upload-form.ts) enforces as it reads. */
export type UploadLimits = { maxFiles: number; maxBytes: number; tooMany: string; tooLarge: string };

export const productUploadLimits: UploadLimits = {
  maxFiles: MAX_UPLOAD_FILES,
  maxBytes: MAX_UPLOAD_BYTES,
  tooMany: uploadMessages.tooMany,
  tooLarge: uploadMessages.tooLarge,
};

/** A custom request's reference photos (POST /api/custom-orders/uploads): up to 3, 5 MB each (SPEC 5 and 9). */
export const referenceUploadLimits: UploadLimits = {
  maxFiles: 3,
  maxBytes: 5 * 1024 * 1024,
  tooMany: "You can only upload up to 3 files at once.",
  tooLarge: "Each image may be at most 5 MB.",
};

/**
 * Per reference photo: 25 megapixels. Anyone may send them, and a decode's memory grows with its
 * pixels (a progressive JPEG's whole coefficients are held), so half the staff's limit: a phone's
 * photo still fits (12 MP for most, 24.5 MP for the largest default, 5712 × 4284), as does a 24 MP
 * camera's (6000 × 4000). Larger ones are refused before they are decoded.
 */
export const MAX_REFERENCE_PIXELS = 25_000_000;
export const referenceTooManyPixels = `Each image may be at most ${MAX_REFERENCE_PIXELS / 1_000_000} megapixels.`;

/** Refusals of a reference upload that the /custom page says in its own language (apps/api/src/custom-orders/reference-photos.ts). */
export const referenceRefusals = {
  /** 429: this client already has MAX_WAITING_PHOTOS_PER_CLIENT photos waiting for a request. */
  clientShareUsed:
    "You have uploaded many photos in the last hour. Please send your request with the photos you have, and add more in your reply to our e-mail.",
  /** 503: the shop's room for photos waiting for a request is full. */
  roomFull:
    "We are receiving too many photos right now. Please try again later, or send your request without photos and add them in your reply to our e-mail.",
} as const;
