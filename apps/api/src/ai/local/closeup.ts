import sharp from "sharp";
import type { Backdrop } from "#server/ai/engine.ts";
import { alphaBox, backdropColour, type Cutout, correction, watermarkSvg } from "./studio.ts";

/**
 * Sharpness and the close-up of the weave or band. Both are measured on the hat alone, scaled so
 * it is SCALE_WIDTH pixels wide: photos taken at different sizes then compare fairly.
 */
const SCALE_WIDTH = 512;

export type Window = { left: number; top: number; width: number; height: number };

type Measured = {
  /** Variance of the Laplacian over the hat: higher is sharper. */
  sharpness: number;
  /** Where the close-up goes in the cut-out's own pixels. */
  window: Window;
};

/**
 * Sharpness of the hat and the most detailed window (the one with the most Laplacian energy, almost
 * all of it hat) of the output's aspect, about 40 % of the hat's width: that is where the weave,
 * the band or its knot are.
 */
export async function measure(cutout: Cutout, aspect: number, box = alphaBox(cutout)): Promise<Measured | null> {
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
  let ww = Math.round(w * 0.4),
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
 * The close-up: the window cut from the hat (which almost fills it), corrected like the studio
 * photo; whatever of the workshop shows at its edges is replaced by the studio photo's backdrop.
 */
export async function composeCloseUp(
  photo: Cutout,
  window: Window,
  options: { backdrop: Backdrop; width: number; height: number; watermark: string | null },
): Promise<Buffer> {
  const { width, height, watermark } = options;
  const gains = correction(photo);
  // Two pipelines: sharp applies `linear` after `flatten`, and the backdrop must keep its colour.
  const hat = await sharp(photo.rgba, { raw: { width: photo.width, height: photo.height, channels: 4 } })
    .extract(window)
    .resize(width, height, { fit: "cover", kernel: "lanczos3" })
    .linear([...gains, 1], [0, 0, 0, 0])
    .sharpen({ sigma: 0.6 })
    .raw()
    .toBuffer();
  const marks = watermark?.trim() ? [{ input: Buffer.from(watermarkSvg(watermark.trim(), width, height)), left: 0, top: 0 }] : [];
  return sharp(hat, { raw: { width, height, channels: 4 } })
    .flatten({ background: backdropColour(options.backdrop) })
    .composite(marks)
    .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
    .toBuffer();
}
