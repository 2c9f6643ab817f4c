import { MAX_UPLOAD_PIXELS } from "@workshop/domain/uploads.ts";
import sharp from "sharp";
import type { Backdrop } from "#server/ai/engine.ts";
import { alphaBox, backdropColour, type Cutout, correction, watermarkSvg } from "./studio.ts";

/**
 * Sharpness and the close-up of the weave or band. Both are measured on the hat alone, scaled so
 * it is SCALE_WIDTH pixels wide: photos taken at different sizes then compare fairly.
 */
const SCALE_WIDTH = 512;

/** The close-up's window is this share of the hat's width, or more (below) when the photo is small. */
const WINDOW_SHARE = 0.4;
/** Beyond this share of the hat it would be no close-up: then there is none. */
const MAX_WINDOW_SHARE = 0.75;
/**
 * A close-up has at least this many of the photo's own pixels on its short side: it is cut from
 * the photo at full resolution and never enlarged, so a smaller one would look soft in the shop.
 */
export const CLOSE_UP_MIN_SIDE = 512;

/**
 * The share of the hat's width the close-up's window takes, for a hat of `hat` pixels in the photo
 * at its full resolution and a close-up of `aspect` (width / height, at most 1): 40 %, or more so
 * the window's short side holds CLOSE_UP_MIN_SIDE pixels. The window stays within the hat's height
 * and MAX_WINDOW_SHARE of its width: null when it then holds too few pixels for a sharp close-up.
 */
export function closeUpShare(hat: { width: number; height: number }, aspect: number): number | null {
  // The window is found on a copy SCALE_WIDTH wide and scaled back: room for that rounding.
  const least = CLOSE_UP_MIN_SIDE * 1.03;
  const width = Math.min(Math.max(WINDOW_SHARE * hat.width, least), hat.height * aspect, MAX_WINDOW_SHARE * hat.width);
  return Math.min(width, width / aspect) >= least ? width / hat.width : null;
}

export type Window = { left: number; top: number; width: number; height: number };

type Measured = {
  /** Variance of the Laplacian over the hat: higher is sharper. */
  sharpness: number;
  /** Where the close-up goes in the cut-out's own pixels. */
  window: Window;
};

/**
 * Sharpness of the hat and the most detailed window (the one with the most Laplacian energy, almost
 * all of it hat) of the output's aspect, `share` of the hat's width (closeUpShare): that is where
 * the weave, the band or its knot are.
 */
export async function measure(cutout: Cutout, aspect: number, box = alphaBox(cutout), share = WINDOW_SHARE): Promise<Measured | null> {
  if (!box) return null;
  const scale = SCALE_WIDTH / box.width;
  const w = SCALE_WIDTH,
    h = Math.max(8, Math.round(box.height * scale));
  const small = await sharp(cutout.rgba, { raw: { width: cutout.width, height: cutout.height, channels: 4 } })
    .extract(box)
    .resize(w, h, { fit: "fill" })
    .raw()
    .toBuffer();
  const grey = new Float32Array(w * h),
    hat = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    grey[i] = 0.2126 * small[4 * i]! + 0.7152 * small[4 * i + 1]! + 0.0722 * small[4 * i + 2]!;
    hat[i] = small[4 * i + 3]! >= 200 ? 1 : 0;
  }
  // Laplacian energy per pixel, only where the pixel and its neighbours are all hat (no edge to the backdrop).
  const energy = new Float32Array(w * h),
    inside = new Uint8Array(w * h);
  let sum = 0,
    sum2 = 0,
    n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      if (!(hat[p] && hat[p - 1] && hat[p + 1] && hat[p - w] && hat[p + w])) continue;
      const lap = grey[p - 1]! + grey[p + 1]! + grey[p - w]! + grey[p + w]! - 4 * grey[p]!;
      energy[p] = lap * lap;
      inside[p] = 1;
      sum += lap;
      sum2 += lap * lap;
      n++;
    }
  }
  if (n < 100) return null;
  const sharpness = sum2 / n - (sum / n) ** 2;
  // Summed-area tables make every candidate window O(1).
  const table = (v: ArrayLike<number>) => {
    const t = new Float64Array((w + 1) * (h + 1));
    for (let y = 0; y < h; y++) {
      let row = 0;
      for (let x = 0; x < w; x++) {
        row += v[y * w + x]!;
        t[(y + 1) * (w + 1) + x + 1] = t[y * (w + 1) + x + 1]! + row;
      }
    }
    return (x: number, y: number, ww: number, hh: number) =>
      t[(y + hh) * (w + 1) + x + ww]! - t[y * (w + 1) + x + ww]! - t[(y + hh) * (w + 1) + x]! + t[y * (w + 1) + x]!;
  };
  const energyIn = table(energy),
    insideIn = table(inside);
  let ww = Math.round(w * share),
    wh = Math.round(ww / aspect);
  if (wh > h) {
    wh = h;
    ww = Math.round(wh * aspect);
  }
  const step = Math.max(2, Math.round(ww / 8));
  let best = { x: Math.round((w - ww) / 2), y: Math.round((h - wh) / 2), score: -1 };
  for (const coverage of [0.97, 0.85, 0.6, 0]) {
    for (let y = 0; y + wh <= h; y += step) {
      for (let x = 0; x + ww <= w; x += step) {
        const area = ww * wh;
        if (insideIn(x, y, ww, wh) < coverage * area) continue;
        const score = energyIn(x, y, ww, wh) / area;
        if (score > best.score) best = { x, y, score };
      }
    }
    if (best.score >= 0) break;
  }
  const window = {
    left: box.left + Math.round(best.x / scale),
    top: box.top + Math.round(best.y / scale),
    width: Math.max(1, Math.min(cutout.width, Math.round(ww / scale))),
    height: Math.max(1, Math.min(cutout.height, Math.round(wh / scale))),
  };
  window.left = Math.min(window.left, cutout.width - window.width);
  window.top = Math.min(window.top, cutout.height - window.height);
  return { sharpness, window };
}

/**
 * The close-up: the window (in the cut-out's pixels) cut from the original photo at its full
 * resolution, corrected like the studio photo, never enlarged: `width` x `height` when the window
 * holds more pixels than that, else the window's own size. Whatever of the workshop shows at its
 * edges is replaced by the studio photo's backdrop (the cut-out's mask, brought to the window's
 * size). Null when the window holds fewer than CLOSE_UP_MIN_SIDE pixels on its short side.
 */
export async function composeCloseUp(
  original: Buffer,
  cutout: Cutout,
  window: Window,
  options: { backdrop: Backdrop; width: number; height: number; watermark: string | null },
): Promise<{ jpeg: Buffer; width: number; height: number } | null> {
  const photo = () => sharp(original, { limitInputPixels: MAX_UPLOAD_PIXELS }).rotate();
  const upright = (await photo().metadata()).autoOrient;
  // The cut-out is the photo brought inside 2048 px, its aspect kept: one scale for both sides.
  const scale = upright.width / cutout.width;
  const left = Math.round(window.left * scale),
    top = Math.round(window.top * scale);
  const crop = {
    left,
    top,
    width: Math.min(upright.width - left, Math.round(window.width * scale)),
    height: Math.min(upright.height - top, Math.round(window.height * scale)),
  };
  if (Math.min(crop.width, crop.height) < CLOSE_UP_MIN_SIDE) return null;
  const shrink = crop.width > options.width || crop.height > options.height;
  const width = shrink ? options.width : crop.width,
    height = shrink ? options.height : crop.height;
  const pixels = await photo().extract(crop).removeAlpha().toColourspace("srgb").raw().toBuffer();
  const mask = await sharp(cutout.rgba, { raw: { width: cutout.width, height: cutout.height, channels: 4 } })
    .extract(window)
    .extractChannel(3)
    .resize(crop.width, crop.height, { fit: "fill", kernel: "linear" })
    .raw()
    .toBuffer();
  const gains = correction(cutout);
  // Two pipelines: sharp applies `linear` after `flatten`, and the backdrop must keep its colour.
  let hat = sharp(pixels, { raw: { width: crop.width, height: crop.height, channels: 3 } }).joinChannel(mask, {
    raw: { width: crop.width, height: crop.height, channels: 1 },
  });
  if (shrink) hat = hat.resize(width, height, { fit: "cover", kernel: "lanczos3" });
  const corrected = await hat
    .linear([...gains, 1], [0, 0, 0, 0])
    .raw()
    .toBuffer();
  const marks = options.watermark?.trim()
    ? [{ input: Buffer.from(watermarkSvg(options.watermark.trim(), width, height)), left: 0, top: 0 }]
    : [];
  const jpeg = await sharp(corrected, { raw: { width, height, channels: 4 } })
    .flatten({ background: backdropColour(options.backdrop) })
    .composite(marks)
    .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
    .toBuffer();
  return { jpeg, width, height };
}
