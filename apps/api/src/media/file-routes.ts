import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { AppError } from "#server/errors.ts";
import { clientKey, refusal } from "#server/http/rate-limits.ts";
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

/** The product photos in every size (/media), for the shop's and the console's pages: anyone's. */
export const mediaFileRoutes: FastifyPluginAsync = async (app) => {
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
