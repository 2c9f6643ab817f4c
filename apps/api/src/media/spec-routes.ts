import { uploadedFiles } from "@workshop/domain/spec-api/uploads.ts";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { AppError } from "#server/errors.ts";
import { clientKey, refusal } from "#server/http/rate-limits.ts";
import { methodNotAllowed, wrongMethod } from "#server/plugins/json-api.ts";
import { requireStaffApi } from "#server/staff/guard.ts";
import { readUploadForm } from "./upload-form.ts";
import { uploadPhotos } from "./uploads.ts";
import { type BeforeMaking, imageVariant, publicVariantUrl } from "./variants.ts";

// A stored photo never changes under the same key, nor does its address in the store.
const forever = "public, max-age=31536000, immutable";

/** Refused: this client had too many sizes made in its window (RATE_LIMIT_MEDIA_SIZES). */
class TooManySizes extends Error {
  readonly retryAfter: number;
  constructor(retryAfter: number) {
    super("Too many new image sizes");
    this.retryAfter = retryAfter;
  }
}

const plain = (reply: FastifyReply, status: number, text: string) => reply.code(status).type("text/plain").send(text);

/** The photo uploads' JSON endpoint, and the photos in every size. */
export const mediaSpecRoutes: FastifyPluginAsync = async (app) => {
  /**
   * POST /api/uploads (staff session from the console's pages, or the staff token): multipart, the
   * photos in the field `files` (1 to 5, at most 10 MB each: lib/uploads.ts). Answers 200 with one
   * SPEC 7 "Uploaded file result" per photo, in the order sent; else `{error}` 400/401/403/413/429/503.
   */
  app.post("/api/uploads", { schema: { response: { 200: uploadedFiles } } }, async (request) => {
    const actor = await requireStaffApi(request);
    return uploadPhotos(await readUploadForm(request), actor);
  });
  app.get("/api/uploads", methodNotAllowed("POST", "Use POST"));
  app.route({ method: ["PUT", "PATCH", "DELETE"], url: "/api/uploads", handler: wrongMethod("Use POST", requireStaffApi) });

  /**
   * GET /media/:width/<key>.<avif|webp|jpg>: a product photo in one size and format. With a public
   * store address (S3_PUBLIC_URL) the answer is a redirect there; `?download=1` asks for a download.
   * A size not made yet costs a decode and an encode: each client may have only so many made.
   */
  // Image files, not JSON: left out of the OpenAPI document.
  const files = { schema: { hide: true } };
  app.get<{ Params: { width: string; "*": string }; Querystring: { download?: string } }>(
    "/media/:width/*",
    files,
    async (request, reply) => {
      const path = request.params["*"];
      const dot = path.lastIndexOf(".");
      const width = /^[1-9]\d{0,3}$/.test(request.params.width) ? Number(request.params.width) : 0;
      const download = request.query.download !== undefined;
      const counted: BeforeMaking = async () => {
        const seconds = await refusal("mediaSizes", clientKey(request.ip));
        if (seconds !== null) throw new TooManySizes(seconds);
      };
      try {
        if (dot < 1) throw new AppError("not_found", "Image not found");
        const [stem, format] = [path.slice(0, dot), path.slice(dot + 1)];
        const far = download ? null : await publicVariantUrl(stem, width, format, counted);
        if (far) return reply.code(302).headers({ Location: far, "Cache-Control": forever }).send();
        const variant = await imageVariant(stem, width, format, counted);
        reply.headers({ "Content-Type": variant.contentType, "Content-Length": String(variant.body.length), "Cache-Control": forever });
        if (download) reply.header("Content-Disposition", `attachment; filename="${stem.split("/").pop()}.${format}"`);
        return reply.send(variant.body);
      } catch (error) {
        if (error instanceof AppError) return plain(reply, 404, "Not found");
        if (error instanceof TooManySizes) {
          reply.headers({ "Retry-After": String(error.retryAfter), "Cache-Control": "no-store" });
          return plain(reply, 429, `Too many requests. Please try again in ${error.retryAfter} seconds.`);
        }
        throw error;
      }
    },
  );
};
