import { z } from "zod";

/** POST /api/uploads (200, staff): one SPEC 3 "Uploaded file result" per photo, in the order sent. */
export const uploadedFiles = z.array(
  z.object({
    /** The photo as the storefront shows it: /media/1280/<pathname without extension>.jpg on this shop. */
    url: z.string(),
    /** The same, served as a download (`?download=1`). */
    downloadUrl: z.string(),
    /** The original's key in storage. */
    pathname: z.string(),
    /** The type of what `url` serves (image/jpeg). */
    contentType: z.string(),
    contentDisposition: z.string(),
  }),
);
