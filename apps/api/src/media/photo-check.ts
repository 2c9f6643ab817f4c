import { MAX_REFERENCE_PIXELS, MAX_UPLOAD_PIXELS, referenceTooManyPixels, uploadMessages } from "@workshop/domain/uploads.ts";
import sharp from "sharp";
import { AppError } from "#server/errors.ts";
import { type DecodeKind, decoding } from "./decode-queue.ts";

/** The formats the shop takes, by the names sharp gives them. */
type PhotoFormat = "jpeg" | "png" | "webp" | "gif";

export type CleanPhoto = { body: Buffer; format: PhotoFormat; extension: string; contentType: string; width: number; height: number };

const notAnImage = () => new AppError("invalid", uploadMessages.notAnImage);

/** What a photo may be, by who sends it: staff (product photos) or anyone (a custom request's reference photos). */
type PhotoKind = "product" | "reference";
type KindRules = { maxPixels: number; tooManyPixels: string; maxSide: number | null; mozjpeg: boolean; queue: DecodeKind };
const rules: Record<PhotoKind, KindRules> = {
  product: { maxPixels: MAX_UPLOAD_PIXELS, tooManyPixels: uploadMessages.tooManyPixels, maxSide: null, mozjpeg: true, queue: "shop" },
  // Only staff look at a reference photo, on a screen: 2560 px on its long side is plenty, and a
  // JPEG or WebP is then decoded straight at 1/2, 1/4 or 1/8 of its size (shrink-on-load). Plain
  // libjpeg: mozjpeg's smaller file would double the time a photo holds the public slot.
  reference: { maxPixels: MAX_REFERENCE_PIXELS, tooManyPixels: referenceTooManyPixels, maxSide: 2560, mozjpeg: false, queue: "public" },
};

/** The format a file's first bytes announce (its magic number); the name and declared type are never asked. */
function announcedFormat(body: Buffer): PhotoFormat | null {
  if (body.length >= 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return "jpeg";
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (body.subarray(0, 4).toString("latin1") === "RIFF" && body.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  if (/^GIF8[79]a$/.test(body.subarray(0, 6).toString("latin1"))) return "gif";
  return null;
}

/**
 * Markup or a document hidden in an image (a polyglot: a valid picture that is also a web page,
 * a script or a PDF). The stored copy is re-encoded and could not carry it anyway; refusing it
 * says plainly that such a file is no photo.
 */
const hiddenDocument = /<(?:script|html|svg|!doctype|iframe|body|object|embed|\?php)\b|%PDF-/i;

/**
 * A photo as the shop keeps it, or the refusal: the file must be a JPG, PNG, WebP or GIF by its
 * content, of at most its kind's pixels (50 MP for staff, 25 MP for anyone; checked from the
 * header, before decoding), decode whole (a truncated file fails), and is then decoded and encoded
 * anew by sharp in its own format: turned upright by its EXIF orientation, with every metadata
 * (EXIF, GPS, XMP, comments) left out and colours in sRGB; a reference photo is brought down to
 * 2560 px on its long side. An animated GIF or WebP keeps its first frame. The decode waits for
 * its turn in the decode queue (public work for reference photos).
 */
export async function cleanPhoto(body: Buffer, kind: PhotoKind = "product"): Promise<CleanPhoto> {
  const { maxPixels, tooManyPixels, maxSide, mozjpeg, queue } = rules[kind];
  const format = announcedFormat(body);
  if (!format) throw notAnImage();
  const options = { limitInputPixels: maxPixels, failOn: "error" } as const;
  // The header alone (no pixel is decoded here, nor waited for), so a bomb is told apart from a
  // broken file, and refused before the whole file is searched.
  const meta = await sharp(body, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== format || !meta.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > maxPixels) throw new AppError("invalid", tooManyPixels);
  if (hiddenDocument.test(body.toString("latin1"))) throw notAnImage();
  const turned = sharp(body, options).rotate();
  const pipeline = maxSide ? turned.resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true }) : turned;
  const encoded =
    format === "jpeg"
      ? pipeline.jpeg({ quality: 90, mozjpeg })
      : format === "png"
        ? pipeline.png()
        : format === "webp"
          ? pipeline.webp({ quality: 90 })
          : pipeline.gif();
  const result = await decoding(queue, () => encoded.toBuffer({ resolveWithObject: true })).catch(() => null);
  if (!result) throw notAnImage();
  return {
    body: result.data,
    format,
    extension: format === "jpeg" ? "jpg" : format,
    contentType: `image/${format}`,
    width: result.info.width,
    height: result.info.height,
  };
}
