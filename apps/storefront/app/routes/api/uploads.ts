import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { readUploadForm } from "@workshop/api/media/upload-form.ts";
import { uploadPhotos } from "@workshop/api/media/uploads.ts";
import { requireStaffApi } from "@workshop/api/staff/guard.ts";
import type { Route } from "./+types/uploads";

/**
 * POST /api/uploads (staff session from the shop's pages, or the staff token): multipart, the
 * photos in the field `files` (1 to 5, at most 10 MB each: lib/uploads.ts). Answers 200 with one
 * SPEC 7 "Uploaded file result" per photo, in the order sent; else `{error}` 400/401/403/413/429/503.
 */
export const action = jsonEndpoint(async ({ request }: Route.ActionArgs) => {
  const actor = await requireStaffApi(request);
  if (request.method !== "POST") throw new AppError("invalid", "Use POST");
  const files = await readUploadForm(request);
  return Response.json(await uploadPhotos(files, actor));
});

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405 });
}
