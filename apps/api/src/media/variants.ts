import { type ImageFormat, type ImageWidth, imageFormats, imageWidths } from "@workshop/domain/images.ts";
import { MAX_UPLOAD_PIXELS } from "@workshop/domain/uploads.ts";
import sharp, { type Sharp } from "sharp";
import { AppError } from "#server/errors.ts";
import { decoding } from "./decode-queue.ts";
import { storage } from "./storage.ts";
import { isSafeKey, mayBeOriginal, VARIANTS_PREFIX } from "./storage-types.ts";

const contentTypes: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" };
const originalExtensions = ["webp", "jpg", "jpeg", "png", "gif"];

export type Variant = { body: Buffer; contentType: string };

/** Where one size and format of a photo is kept: beside the others of its original. */
export const variantKey = (stem: string, width: ImageWidth, format: ImageFormat) => `${VARIANTS_PREFIX}${stem}/${width}.${format}`;

/** Every size and format the storefront serves (@workshop/domain/images.ts). */
const allVariants = imageWidths.flatMap((width) => imageFormats.map((format) => ({ width, format })));

/** One size and format of an original photo (never enlarged), as the storefront serves it; shop work in the decode queue. */
async function encodeVariant(original: Buffer, width: ImageWidth, format: ImageFormat): Promise<Variant> {
  return decoding("shop", () => encode(sharp(original, { limitInputPixels: MAX_UPLOAD_PIXELS }).rotate(), width, format));
}

async function encode(image: Sharp, width: ImageWidth, format: ImageFormat): Promise<Variant> {
  const pipeline = image.resize({ width, withoutEnlargement: true });
  const body =
    format === "avif"
      ? await pipeline.avif({ quality: 55, effort: 3 }).toBuffer()
      : format === "webp"
        ? await pipeline.webp({ quality: 78 }).toBuffer()
        : // JPEG has no transparency: a transparent background becomes white, not black.
          await pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  return { body, contentType: contentTypes[format] };
}

/**
 * Every size and format of an upright original (an upload, already turned by cleanPhoto), from
 * one decode: the original is brought down to the largest width once, and each size made from that.
 * One turn of shop work in the decode queue, the encodes included.
 */
export async function encodeAllVariants(original: Buffer): Promise<(Variant & { width: ImageWidth; format: ImageFormat })[]> {
  const largest = Math.max(...imageWidths);
  return decoding("shop", async () => {
    const { data, info } = await sharp(original, { limitInputPixels: MAX_UPLOAD_PIXELS })
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    return Promise.all(
      allVariants.map(async ({ width, format }) => ({ width, format, ...(await encode(sharp(data, { raw }), width, format)) })),
    );
  });
}

// Several requests for a variant not yet made share one sharp run.
const inFlight = new Map<string, Promise<Variant>>();

function checked(stem: string, width: number, format: string): { width: ImageWidth; format: ImageFormat } {
  // Only the widths and formats the storefront serves, and only of originals: never of a private
  // file (custom requests' reference photos), and never of a size already made (variants/…),
  // which would let anyone grow the store without end by resizing sizes of sizes.
  if (
    !imageWidths.includes(width as ImageWidth) ||
    !imageFormats.includes(format as ImageFormat) ||
    !isSafeKey(stem) ||
    !mayBeOriginal(stem)
  ) {
    throw new AppError("not_found", "Image not found");
  }
  return { width: width as ImageWidth, format: format as ImageFormat };
}

/**
 * Called when a size is not kept yet, before the original is looked for, to count the request
 * against the asking client's limit; it throws to refuse (the /media route's 429). Sizes already
 * kept are served without it.
 */
export type BeforeMaking = () => Promise<void>;

/**
 * One size and format of a stored photo. Uploads make all of them at once (src/media/uploads.ts);
 * one still missing (the seed's photos) is made here once with sharp and then kept in storage.
 * `stem` is the original's key without its extension.
 */
export async function imageVariant(stem: string, width: number, format: string, beforeMaking?: BeforeMaking): Promise<Variant> {
  const wanted = checked(stem, width, format);
  const key = variantKey(stem, wanted.width, wanted.format);
  const kept = await storage().get(key);
  if (kept) return { body: kept, contentType: contentTypes[wanted.format] };
  await beforeMaking?.();
  let job = inFlight.get(key);
  if (!job) {
    job = makeVariant(stem, key, wanted.width, wanted.format).finally(() => inFlight.delete(key));
    inFlight.set(key, job);
  }
  return job;
}

/**
 * Where a browser may read that variant straight from the store (S3_PUBLIC_URL), making it first
 * if it is missing; null when the store has no public address and the shop serves the bytes.
 */
export async function publicVariantUrl(stem: string, width: number, format: string, beforeMaking?: BeforeMaking): Promise<string | null> {
  const wanted = checked(stem, width, format);
  const key = variantKey(stem, wanted.width, wanted.format);
  const url = storage().publicUrl(key);
  if (!url) return null;
  if (!(await storage().exists(key))) await imageVariant(stem, width, format, beforeMaking);
  return url;
}

async function makeVariant(stem: string, key: string, width: ImageWidth, format: ImageFormat): Promise<Variant> {
  // Made meanwhile by a request that finished just before this one began.
  const cached = await storage().get(key);
  if (cached) return { body: cached, contentType: contentTypes[format] };
  const variant = await encodeVariant(await findOriginal(stem), width, format);
  await storage().put(key, variant.body, variant.contentType);
  return variant;
}

/** The original photo's key in storage for a stem (`<stem>.<ext>`, in the order /media looks), or null. */
export async function originalKeyOf(stem: string, accept: (key: string) => boolean = () => true): Promise<string | null> {
  for (const ext of originalExtensions) {
    const key = `${stem}.${ext}`;
    if (accept(key) && (await storage().exists(key))) return key;
  }
  return null;
}

async function findOriginal(stem: string): Promise<Buffer> {
  for (const ext of originalExtensions) {
    const body = await storage().get(`${stem}.${ext}`);
    if (body) return body;
  }
  throw new AppError("not_found", "Image not found");
}
