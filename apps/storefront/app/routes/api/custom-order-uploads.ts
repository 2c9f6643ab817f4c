import { storeReferencePhotos } from "@workshop/api/custom-orders/reference-photos.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { clientOf } from "@workshop/api/http/rate-limits.ts";
import { readUploadForm } from "@workshop/api/media/upload-form.ts";
import { referenceUploadLimits } from "@workshop/domain/uploads.ts";
import type { Route } from "./+types/custom-order-uploads";

/**
 * POST /api/custom-orders/uploads (public, rate-limited): multipart, the photos in the field `files`
 * (1 to 3, at most 5 MB each, images by their content). Stored privately; answers 201 with
 * `[{id}]` in the order sent, which POST /api/custom-orders then names; else `{error}` 400/413/429/503
 * (429 also when this client already has 15 photos waiting for a request).
 */
export const action = jsonEndpoint(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new AppError("invalid", "Use POST");
  const files = await readUploadForm(request, referenceUploadLimits);
  return Response.json(await storeReferencePhotos(files, clientOf(request)), { status: 201 });
});

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405 });
}
