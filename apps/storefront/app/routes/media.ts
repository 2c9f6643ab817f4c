import { AppError } from "@workshop/api/errors.ts";
import { clientOf, refusal } from "@workshop/api/http/rate-limits.ts";
import { type BeforeMaking, imageVariant, publicVariantUrl } from "@workshop/api/media/variants.ts";
import type { Route } from "./+types/media";

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

/**
 * GET /media/:width/<key>.<avif|webp|jpg>: a product photo in one size and format. With a public
 * store address (S3_PUBLIC_URL) the answer is a redirect there; `?download=1` asks for a download.
 * A size not made yet costs a decode and an encode: each client may have only so many made.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const path = params["*"] ?? "";
  const dot = path.lastIndexOf(".");
  const width = /^[1-9]\d{0,3}$/.test(params.width) ? Number(params.width) : 0;
  const download = new URL(request.url).searchParams.has("download");
  const counted: BeforeMaking = async () => {
    const seconds = await refusal("mediaSizes", clientOf(request));
    if (seconds !== null) throw new TooManySizes(seconds);
  };
  try {
    if (dot < 1) throw new AppError("not_found", "Image not found");
    const [stem, format] = [path.slice(0, dot), path.slice(dot + 1)];
    const far = download ? null : await publicVariantUrl(stem, width, format, counted);
    if (far) return new Response(null, { status: 302, headers: { Location: far, "Cache-Control": forever } });
    const variant = await imageVariant(stem, width, format, counted);
    const headers = new Headers({
      "Content-Type": variant.contentType,
      "Content-Length": String(variant.body.length),
      "Cache-Control": forever,
    });
    if (download) headers.set("Content-Disposition", `attachment; filename="${stem.split("/").pop()}.${format}"`);
    return new Response(new Uint8Array(variant.body), { headers });
  } catch (error) {
    if (error instanceof AppError) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
    if (error instanceof TooManySizes) {
      return new Response(`Too many requests. Please try again in ${error.retryAfter} seconds.`, {
        status: 429,
        headers: { "Content-Type": "text/plain", "Retry-After": String(error.retryAfter), "Cache-Control": "no-store" },
      });
    }
    throw error;
  }
}
