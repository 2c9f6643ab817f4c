import sharp from "sharp";
import { cleanMask, DEFAULT_CLEANING, type MaskCleaning } from "./mask.ts";
import { MODEL_SIDE, type Segmenter } from "./model.ts";
import { type Box, type Cutout, maskBox } from "./studio.ts";

/** Photos are worked on at most this size (the studio output is at most 2048 px too). */
const WORK_SIDE = 2048;

/** Room left around the first pass's hat for the second (a share of the hat's size, each side). */
const LOOK_CLOSER_PAD = 0.25;
/** Below this share of the photo's area, the second pass is worth its time (the hat gains resolution). */
const LOOK_CLOSER_MAX_SHARE = 0.85;

type Rgb = { data: Buffer; width: number; height: number };

/**
 * Decodes a photo (turned upright by its EXIF orientation) and cuts the hat out of it in two
 * passes: the model finds the hat in the whole photo, then looks again at the hat alone with some
 * room around it. The network always sees 1024 x 1024, so the second look has the hat at a higher
 * resolution and far less of the busy background: a pale brim against leaves that the first pass
 * lost comes back, and clutter beside the hat stays out.
 */
export async function cutOut(segmenter: Segmenter, bytes: Buffer, cleaning: MaskCleaning = DEFAULT_CLEANING): Promise<Cutout> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(WORK_SIDE, WORK_SIDE, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const photo: Rgb = { data, width: info.width, height: info.height };
  const first = await maskOf(segmenter, photo, cleaning);
  const closer = lookCloser(first, photo);
  const alpha = closer ? await maskWithin(segmenter, photo, closer, cleaning) : first;
  const rgba = Buffer.alloc(photo.width * photo.height * 4);
  for (let i = 0; i < photo.width * photo.height; i++) {
    rgba[4 * i] = data[3 * i]!;
    rgba[4 * i + 1] = data[3 * i + 1]!;
    rgba[4 * i + 2] = data[3 * i + 2]!;
    rgba[4 * i + 3] = alpha[i]!;
  }
  return { rgba, width: photo.width, height: photo.height };
}

/** The cleaned mask of an RGB image, at the image's size. */
async function maskOf(segmenter: Segmenter, image: Rgb, cleaning: MaskCleaning): Promise<Buffer> {
  const clean = cleanMask(await segmenter.mask(image), MODEL_SIDE, MODEL_SIDE, cleaning);
  return sharp(clean, { raw: { width: MODEL_SIDE, height: MODEL_SIDE, channels: 1 } })
    .resize(image.width, image.height, { fit: "fill", kernel: "linear" })
    .extractChannel(0) // one channel in, one out: sharp would otherwise hand back sRGB
    .raw()
    .toBuffer();
}

/** Where to look again: the first hat's box widened, or null when that is (nearly) the whole photo. */
function lookCloser(alpha: Buffer, photo: Rgb): Box | null {
  const box = maskBox(alpha, photo.width, photo.height);
  if (!box) return null;
  const padX = Math.round(box.width * LOOK_CLOSER_PAD),
    padY = Math.round(box.height * LOOK_CLOSER_PAD);
  const left = Math.max(0, box.left - padX),
    top = Math.max(0, box.top - padY);
  const width = Math.min(photo.width, box.left + box.width + padX) - left,
    height = Math.min(photo.height, box.top + box.height + padY) - top;
  if (width * height > LOOK_CLOSER_MAX_SHARE * photo.width * photo.height) return null;
  return { left, top, width, height };
}

/** The mask of the hat seen within `box` only, placed back in a photo-sized mask (nothing outside). */
async function maskWithin(segmenter: Segmenter, photo: Rgb, box: Box, cleaning: MaskCleaning): Promise<Buffer> {
  const crop = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .extract(box)
    .raw()
    .toBuffer();
  const inside = await maskOf(segmenter, { data: crop, width: box.width, height: box.height }, cleaning);
  const alpha = Buffer.alloc(photo.width * photo.height);
  for (let y = 0; y < box.height; y++) {
    inside.copy(alpha, (box.top + y) * photo.width + box.left, y * box.width, (y + 1) * box.width);
  }
  return alpha;
}
