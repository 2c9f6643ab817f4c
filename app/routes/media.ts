import { AppError } from "#server/errors.ts";
import { imageVariant } from "#server/media/variants.ts";
import type { Route } from "./+types/media";

/** GET /media/:width/<key>.<avif|webp|jpg>: a product photo in one size and format. */
export async function loader({ params }: Route.LoaderArgs) {
  const path = params["*"] ?? "";
  const dot = path.lastIndexOf(".");
  const width = /^\d{1,4}$/.test(params.width) ? Number(params.width) : 0;
  try {
    if (dot < 1) throw new AppError("not_found", "Image not found");
    const variant = await imageVariant(path.slice(0, dot), width, path.slice(dot + 1));
    return new Response(new Uint8Array(variant.body), {
      headers: {
        "Content-Type": variant.contentType,
        "Content-Length": String(variant.body.length),
        // A stored photo never changes under the same key.
        "Cache-Control": "public, max-age=31536000, immutable",
      },
    });
  } catch (error) {
    if (error instanceof AppError) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
    throw error;
  }
}
