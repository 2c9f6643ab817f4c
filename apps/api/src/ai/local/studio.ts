import sharp, { type OverlayOptions } from "sharp";
import type { Backdrop } from "#server/ai/engine.ts";

/**
 * The studio photo made from a cut-out: a backdrop, a soft contact shadow drawn from the hat's own
 * silhouette, the hat centred in a fixed frame (the same margins on every photo, so a product's
 * photos line up in the catalogue), a gentle exposure and white-balance correction, and an optional
 * watermark. Pure sharp, no model: the cut-out comes from the segmenter.
 */
export type Cutout = { rgba: Buffer; width: number; height: number };
export type Box = { left: number; top: number; width: number; height: number };

/** Share of the shorter output side left empty around the hat's bounding box. */
export const MARGIN = 0.1;

const BACKDROP_COLOURS = { white: "#ffffff", paper: "#f4ede1", grey: "#e7e7e5" } as const;

/** The colour of a backdrop at its corners (gradient: its outer colour). */
export function backdropColour(backdrop: Backdrop): string {
  if (backdrop === "gradient") return "#e8e4dd";
  if (backdrop in BACKDROP_COLOURS) return BACKDROP_COLOURS[backdrop as keyof typeof BACKDROP_COLOURS];
  if (/^#[0-9a-f]{6}$/i.test(backdrop)) return backdrop.toLowerCase();
  throw new Error(`Unknown backdrop ${JSON.stringify(backdrop)}: white, paper, grey, gradient or #rrggbb`);
}

function backdropSvg(backdrop: Backdrop, width: number, height: number): string {
  const fill =
    backdrop === "gradient"
      ? '<defs><radialGradient id="g" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e8e4dd"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>'
      : `<rect width="100%" height="100%" fill="${backdropColour(backdrop)}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${fill}</svg>`;
}

/** Bounding box of the pixels whose alpha is at least half. */
export function alphaBox(cutout: Cutout): Box | null {
  return maskBox(cutout.rgba, cutout.width, cutout.height, 4, 3);
}

/** Bounding box of the values at least half in a mask (every `stride`th value from `offset`). */
export function maskBox(values: Uint8Array, width: number, height: number, stride = 1, offset = 0): Box | null {
  let x0 = width,
    y0 = height,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (values[stride * (y * width + x) + offset]! < 128) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** Where the hat goes in a width x height frame: its box scaled into the margins and centred. */
function placement(box: Box, width: number, height: number): Box {
  const margin = Math.round(MARGIN * Math.min(width, height));
  const scale = Math.min((width - 2 * margin) / box.width, (height - 2 * margin) / box.height);
  const w = Math.max(1, Math.round(box.width * scale)),
    h = Math.max(1, Math.round(box.height * scale));
  return { left: Math.round((width - w) / 2), top: Math.round((height - h) / 2), width: w, height: h };
}

/**
 * Gains for a gentle correction measured on the hat: white balance from its brightest tenth
 * (highlights should be neutral-ish, but straw is warm, so at most ±6 % per channel), exposure so
 * those highlights reach about 235 (at most +25 %, at least -10 %).
 */
export function correction(cutout: Cutout): [number, number, number] {
  const { rgba } = cutout;
  const lum: number[] = [];
  for (let i = 0; i < rgba.length; i += 4 * 7)
    if (rgba[i + 3]! >= 200) lum.push(0.2126 * rgba[i]! + 0.7152 * rgba[i + 1]! + 0.0722 * rgba[i + 2]!);
  if (lum.length < 50) return [1, 1, 1];
  const cut = [...lum].sort((a, b) => a - b)[Math.floor(lum.length * 0.9)]!;
  let r = 0,
    g = 0,
    b = 0,
    n = 0;
  for (let i = 0; i < rgba.length; i += 4 * 7) {
    if (rgba[i + 3]! < 200) continue;
    if (0.2126 * rgba[i]! + 0.7152 * rgba[i + 1]! + 0.0722 * rgba[i + 2]! < cut) continue;
    r += rgba[i]!;
    g += rgba[i + 1]!;
    b += rgba[i + 2]!;
    n++;
  }
  const mean = (r + g + b) / (3 * n);
  const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
  const balance = [r, g, b].map((c) => clamp(mean / (c / n), 0.94, 1.06));
  const exposure = clamp(235 / Math.max(1, mean), 0.9, 1.25);
  return balance.map((k) => k * exposure) as [number, number, number];
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A quiet mark in the lower right: a translucent rounded plate (a shape, so the mark shows even
 * where no font is installed) with the text on it in a font found almost everywhere.
 */
export function watermarkSvg(text: string, width: number, height: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 60);
  const size = Math.max(12, Math.round(Math.min(width, height) * 0.028));
  const plateW = Math.round(size * (1.2 + 0.62 * Math.max(1, clean.length))),
    plateH = Math.round(size * 1.8);
  const x = width - plateW - Math.round(size * 1.2),
    y = height - plateH - Math.round(size * 1.2);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect x="${x}" y="${y}" width="${plateW}" height="${plateH}" rx="${plateH / 2}" fill="#ffffff" fill-opacity="0.45" stroke="#3a3129" stroke-opacity="0.25" stroke-width="${Math.max(1, size / 12)}"/>` +
    `<text x="${x + plateW / 2}" y="${y + plateH / 2}" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-size="${size}" fill="#3a3129" fill-opacity="0.6" text-anchor="middle" dominant-baseline="central">${escapeXml(clean)}</text></svg>`
  );
}

export type StudioOptions = { backdrop: Backdrop; width: number; height: number; watermark: string | null };

/** The studio photo as JPEG (`box`: the hat's box in the cut-out, when the caller has it already). */
export async function composeStudio(cutout: Cutout, options: StudioOptions, box = alphaBox(cutout)): Promise<Buffer> {
  const { width, height } = options;
  const base = sharp(Buffer.from(backdropSvg(options.backdrop, width, height)));
  const layers: OverlayOptions[] = [];
  if (box) {
    const place = placement(box, width, height);
    const gains = correction(cutout);
    const raw = { raw: { width: cutout.width, height: cutout.height, channels: 4 as const } };
    const hat = await sharp(cutout.rgba, raw)
      .extract(box)
      .resize(place.width, place.height, { fit: "fill", kernel: "lanczos3" })
      .linear([...gains, 1], [0, 0, 0, 0])
      .raw()
      .toBuffer();
    layers.push(...(await shadows(cutout, box, place, options)), {
      input: hat,
      raw: { width: place.width, height: place.height, channels: 4 },
      left: place.left,
      top: place.top,
    });
  }
  if (options.watermark?.trim())
    layers.push({ input: Buffer.from(watermarkSvg(options.watermark.trim(), width, height)), left: 0, top: 0 });
  // Flattened first: composite over an SVG keeps one pipeline, and JPEG needs no alpha.
  const flat = await base
    .flatten({ background: backdropColour(options.backdrop) })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(flat).composite(layers).jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toBuffer();
}

/**
 * A contact shadow: the silhouette squashed flat under the hat and blurred, one wide and faint,
 * one tight and darker where the brim meets the table. Tinted from the backdrop so it reads as shade.
 */
async function shadows(cutout: Cutout, box: Box, place: Box, options: StudioOptions): Promise<OverlayOptions[]> {
  const alpha = await sharp(cutout.rgba, { raw: { width: cutout.width, height: cutout.height, channels: 4 } })
    .extract(box)
    .extractChannel(3)
    .raw()
    .toBuffer();
  const n = parseInt(backdropColour(options.backdrop).slice(1), 16);
  const shade = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(c * 0.35));
  // Drawn at `scale` of the final size (a wide blur costs the square of its radius), then enlarged.
  const layer = async (squash: number, sigma: number, opacity: number, drop: number, scale: number): Promise<OverlayOptions> => {
    const w = Math.round(place.width * 0.96),
      h = Math.max(2, Math.round(place.height * squash));
    const pad = Math.ceil(sigma * 3);
    const fw = w + 2 * pad,
      fh = h + 2 * pad;
    const small = (n: number) => Math.max(1, Math.round(n * scale));
    const sw = small(w) + 2 * small(pad),
      sh = small(h) + 2 * small(pad);
    const blurred = await sharp(alpha, { raw: { width: box.width, height: box.height, channels: 1 } })
      .resize(small(w), small(h), { fit: "fill" })
      .extend({ top: small(pad), bottom: small(pad), left: small(pad), right: small(pad), background: "#000000" })
      .blur(Math.max(0.3, sigma * scale))
      .linear(opacity, 0)
      .extractChannel(0)
      .raw()
      .toBuffer();
    // A second pipeline: sharp does one resize per pipeline.
    const a = await sharp(blurred, { raw: { width: sw, height: sh, channels: 1 } })
      .resize(fw, fh, { fit: "fill", kernel: "linear" })
      .extractChannel(0)
      .raw()
      .toBuffer();
    const left = Math.round(place.left + (place.width - fw) / 2);
    const top = Math.round(place.top + place.height - h / 2 - pad + drop);
    // Clipped to the frame: sharp refuses overlays that stick out.
    const cx = Math.max(0, -left),
      cy = Math.max(0, -top);
    const cw = Math.max(1, Math.min(fw - cx, options.width - Math.max(0, left))),
      ch = Math.max(1, Math.min(fh - cy, options.height - Math.max(0, top)));
    const rgba = Buffer.alloc(cw * ch * 4);
    for (let y = 0; y < ch; y++) {
      for (let x = 0; x < cw; x++) {
        const o = 4 * (y * cw + x);
        rgba[o] = shade[0]!;
        rgba[o + 1] = shade[1]!;
        rgba[o + 2] = shade[2]!;
        rgba[o + 3] = a[(y + cy) * fw + x + cx]!;
      }
    }
    return { input: rgba, raw: { width: cw, height: ch, channels: 4 }, left: Math.max(0, left), top: Math.max(0, top) };
  };
  // Centred a little above the lowest point of the hat: the brim hides the top half, as on a table.
  return [
    await layer(0.14, place.width * 0.03, 0.45, -place.height * 0.03, 0.25),
    await layer(0.04, place.width * 0.008, 0.55, -place.height * 0.005, 0.5),
  ];
}
