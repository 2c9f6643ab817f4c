import type { FastifyPluginAsync } from "fastify";
import { methodNotAllowed, wrongMethod } from "#server/plugins/json-api.ts";
import { webRequestOf } from "#server/plugins/web-request.ts";
import { requireStaffApi, requireStaffRoute } from "#server/staff/guard.ts";
import { readUploadForm } from "./upload-form.ts";
import { uploadPhotos } from "./uploads.ts";

/** The photo uploads' JSON endpoint. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  /**
   * POST /api/uploads (staff session from the shop's pages, or the staff token): multipart, the
   * photos in the field `files` (1 to 5, at most 10 MB each: lib/uploads.ts). Answers 200 with one
   * SPEC 7 "Uploaded file result" per photo, in the order sent; else `{error}` 400/401/403/413/429/503.
   */
  app.post("/api/uploads", async (request) => {
    const web = webRequestOf(request, { stream: true });
    const actor = await requireStaffApi(web);
    return uploadPhotos(await readUploadForm(web), actor);
  });
  app.get("/api/uploads", methodNotAllowed("POST", "Use POST"));
  app.route({ method: ["PUT", "PATCH", "DELETE"], url: "/api/uploads", handler: wrongMethod("Use POST", requireStaffRoute) });
};
