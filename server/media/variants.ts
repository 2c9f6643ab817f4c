import sharp from "sharp";
import { type ImageFormat, type ImageWidth, imageFormats, imageWidths } from "#lib/images.ts";
import { AppError } from "#server/errors.ts";
import { isSafeKey, storage } from "./storage.ts";

const contentTypes: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" };
const originalExtensions = ["webp", "jpg", "jpeg", "png"];

export type Variant = { body: Buffer; contentType: string };

// Several requests for a variant not yet made share one sharp run.
const inFlight = new Map<string, Promise<Variant>>();

/**
 * One size and format of a stored photo, made once with sharp and then kept in storage.
 * `stem` is the original's key without its extension.
 */
export function imageVariant(stem: string, width: number, format: string): Promise<Variant> {
  if (!imageWidths.includes(width as ImageWidth) || !imageFormats.includes(format as ImageFormat) || !isSafeKey(stem)) {
    return Promise.reject(new AppError("not_found", "Image not found"));
  }
  const key = `variants/${stem}/${width}.${format}`;
  let job = inFlight.get(key);
  if (!job) {
    job = makeVariant(stem, key, width, format as ImageFormat).finally(() => inFlight.delete(key));
    inFlight.set(key, job);
  }
  return job;
}

async function makeVariant(stem: string, key: string, width: number, format: ImageFormat): Promise<Variant> {
  const contentType = contentTypes[format];
  const cached = await storage().get(key);
  if (cached) return { body: cached, contentType };
  const original = await findOriginal(stem);
  const pipeline = sharp(original).rotate().resize({ width, withoutEnlargement: true });
  const body =
    format === "avif"
      ? await pipeline.avif({ quality: 55, effort: 4 }).toBuffer()
      : format === "webp"
        ? await pipeline.webp({ quality: 78 }).toBuffer()
        : await pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  await storage().put(key, body);
  return { body, contentType };
}

async function findOriginal(stem: string): Promise<Buffer> {
  for (const ext of originalExtensions) {
    const body = await storage().get(`${stem}.${ext}`);
    if (body) return body;
  }
  throw new AppError("not_found", "Image not found");
}
