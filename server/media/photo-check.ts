import sharp from "sharp";
import { MAX_UPLOAD_PIXELS, uploadMessages } from "#lib/uploads.ts";
import { AppError } from "#server/errors.ts";

/** The formats the shop takes, by the names sharp gives them. */
type PhotoFormat = "jpeg" | "png" | "webp" | "gif";

export type CleanPhoto = { body: Buffer; format: PhotoFormat; extension: string; contentType: string; width: number; height: number };

const notAnImage = () => new AppError("invalid", uploadMessages.notAnImage);

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
 * content, of at most MAX_UPLOAD_PIXELS (checked from the header, before decoding), decode whole
 * (a truncated file fails), and is then decoded and encoded anew by sharp in its own format:
 * turned upright by its EXIF orientation, with every metadata (EXIF, GPS, XMP, comments) left
 * out and colours in sRGB. An animated GIF or WebP keeps its first frame.
 */
export async function cleanPhoto(body: Buffer): Promise<CleanPhoto> {
  const format = announcedFormat(body);
  if (!format || hiddenDocument.test(body.toString("latin1"))) throw notAnImage();
  const options = { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: "error" } as const;
  // The header alone (no pixel is decoded here), so a bomb is told apart from a broken file.
  const meta = await sharp(body, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== format || !meta.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) {
    throw new AppError("invalid", uploadMessages.tooManyPixels);
  }
  const pipeline = sharp(body, options).rotate();
  const encoded =
    format === "jpeg"
      ? pipeline.jpeg({ quality: 90, mozjpeg: true })
      : format === "png"
        ? pipeline.png()
        : format === "webp"
          ? pipeline.webp({ quality: 90 })
          : pipeline.gif();
  const result = await encoded.toBuffer({ resolveWithObject: true }).catch(() => null);
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
