import { uploadedFiles } from "@workshop/domain/spec-api/uploads.ts";
import type { FastifyPluginAsync } from "fastify";
import { methodNotAllowed, wrongMethod } from "#server/plugins/json-api.ts";
import { readUploadForm } from "./upload-form.ts";
import { uploadPhotos } from "./uploads.ts";

/** The photo uploads' JSON endpoint (SPEC 7), staff's: in the staff scope (spec-api.ts). */
export const mediaSpecRoutes: FastifyPluginAsync = async (app) => {
  /**
   * POST /api/uploads (staff session from the console's pages, or the staff token): multipart, the
   * photos in the field `files` (1 to 5, at most 10 MB each: @workshop/domain/uploads.ts). Answers 200 with one
   * SPEC 7 "Uploaded file result" per photo, in the order sent; else `{error}` 400/401/403/413/429/503.
   */
  app.post("/api/uploads", { config: { rateLimit: "uploads" }, schema: { response: { 200: uploadedFiles } } }, async (request) => {
    return uploadPhotos(await readUploadForm(request), request.actor);
  });
  app.get("/api/uploads", methodNotAllowed("POST", "Use POST"));
  app.route({
    method: ["PUT", "PATCH", "DELETE"],
    url: "/api/uploads",
    config: { rateLimit: "uploads" },
    handler: wrongMethod("Use POST"),
  });
};
