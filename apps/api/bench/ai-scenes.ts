import sharp from "sharp";
import { bareHatSvg } from "#scripts/make-hat-images.ts";

/**
 * The cut-out test set: the shop's own rendered hats (transparent, so the true mask is known)
 * photographed, as it were, on cluttered workshop backgrounds drawn procedurally: wood planks,
 * woven fabric, leaves, a busy table. Everything comes from fixed seeds, so every run is the same.
 */
export type Background = "wood" | "fabric" | "leaves" | "table";
export type Scene = { name: string; photo: Buffer; truth: Uint8Array; width: number; height: number };

const BACKGROUNDS: Background[] = ["wood", "fabric", "leaves", "table"];

/** Seeded PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rawImage = (data: Buffer, width: number, height: number) => sharp(data, { raw: { width, height, channels: 3 } });

/** Planks with grain lines, knots and gaps between boards. */
function wood(width: number, height: number, rnd: () => number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  const plank = Math.round(height / (4 + Math.floor(rnd() * 3)));
  const tones = Array.from({ length: 12 }, () => [120 + rnd() * 60, 75 + rnd() * 40, 40 + rnd() * 25]);
  const phase = Array.from({ length: 12 }, () => rnd() * 100);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / plank),
      tone = tones[row % 12]!,
      ph = phase[row % 12]!;
    const gap = y % plank < 3 ? 0.35 : 1;
    for (let x = 0; x < width; x++) {
      const grain = Math.sin((y + ph * 7) * 0.21 + Math.sin(x * 0.004 + ph) * 6) * 0.5 + 0.5;
      const fine = Math.sin(x * 0.9 + y * 0.05 + ph) * 0.04;
      const k = gap * (0.78 + 0.22 * grain + fine);
      const p = 3 * (y * width + x);
      data[p] = Math.min(255, tone[0]! * k);
      data[p + 1] = Math.min(255, tone[1]! * k);
      data[p + 2] = Math.min(255, tone[2]! * k);
    }
  }
  return data;
}

/** A coarse basket weave of two yarn colours: threads pass over and under in blocks. */
function fabric(width: number, height: number, rnd: () => number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  const cell = 10 + Math.floor(rnd() * 8);
  const a = [180 + rnd() * 60, 150 + rnd() * 60, 100 + rnd() * 60],
    b = [60 + rnd() * 80, 90 + rnd() * 60, 110 + rnd() * 80];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cx = Math.floor(x / cell),
        cy = Math.floor(y / cell);
      const warpOnTop = (cx + cy) % 2 === 0;
      const u = (x % cell) / cell,
        v = (y % cell) / cell;
      const shade = warpOnTop ? 0.7 + 0.3 * Math.sin(Math.PI * u) : 0.7 + 0.3 * Math.sin(Math.PI * v);
      const col = warpOnTop ? a : b;
      const stripe = Math.floor(cx / 6) % 3 === 0 ? 0.8 : 1;
      const p = 3 * (y * width + x);
      data[p] = col[0]! * shade * stripe;
      data[p + 1] = col[1]! * shade * stripe;
      data[p + 2] = col[2]! * shade * stripe;
    }
  }
  return data;
}

/** Overlapping leaves (ellipses with a midrib) in many greens and a few dry yellows. */
function leavesSvg(width: number, height: number, rnd: () => number): string {
  const shapes: string[] = [`<rect width="100%" height="100%" fill="#2f4a22"/>`];
  for (let i = 0; i < 420; i++) {
    const x = rnd() * width,
      y = rnd() * height,
      l = 40 + rnd() * 120,
      angle = rnd() * 360;
    const dry = rnd() < 0.15;
    const fill = dry
      ? `hsl(${40 + rnd() * 15},${50 + rnd() * 30}%,${45 + rnd() * 20}%)`
      : `hsl(${85 + rnd() * 40},${35 + rnd() * 40}%,${18 + rnd() * 30}%)`;
    shapes.push(
      `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${angle.toFixed(0)})"><ellipse rx="${l.toFixed(0)}" ry="${(l * 0.38).toFixed(0)}" fill="${fill}"/><line x1="${(-l).toFixed(0)}" x2="${l.toFixed(0)}" stroke="#e8f0c0" stroke-opacity="0.35" stroke-width="2"/></g>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join("")}</svg>`;
}

/** A work table seen from above: wood under papers, spools, scissors, a cup, offcuts of straw. */
function tableSvg(width: number, height: number, rnd: () => number): string {
  const shapes: string[] = [];
  for (let i = 0; i < 90; i++) {
    const x = rnd() * width,
      y = rnd() * height,
      s = 30 + rnd() * 160,
      angle = rnd() * 180;
    const hue = Math.floor(rnd() * 360),
      colour = `hsl(${hue},${20 + rnd() * 60}%,${30 + rnd() * 50}%)`;
    const kind = Math.floor(rnd() * 5);
    const at = `transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${angle.toFixed(0)})"`;
    if (kind === 0)
      shapes.push(`<rect ${at} width="${s.toFixed(0)}" height="${(s * 1.3).toFixed(0)}" fill="#f2efe6" stroke="#999" stroke-width="1"/>`);
    else if (kind === 1)
      shapes.push(`<circle ${at} r="${(s / 3).toFixed(0)}" fill="${colour}" stroke="#222" stroke-opacity="0.4" stroke-width="4"/>`);
    else if (kind === 2)
      shapes.push(`<path ${at} d="M0 0 L${s.toFixed(0)} 8 L${s.toFixed(0)} -8 Z" fill="#bbb" stroke="#333" stroke-width="3"/>`);
    else if (kind === 3)
      shapes.push(
        `<rect ${at} width="${(s * 1.6).toFixed(0)}" height="${(4 + rnd() * 8).toFixed(0)}" fill="hsl(45,55%,${55 + rnd() * 20}%)"/>`,
      );
    else shapes.push(`<ellipse ${at} rx="${(s / 2).toFixed(0)}" ry="${(s / 4).toFixed(0)}" fill="${colour}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join("")}</svg>`;
}

async function backgroundImage(kind: Background, width: number, height: number, seed: number): Promise<Buffer> {
  const rnd = random(seed);
  if (kind === "wood")
    return rawImage(wood(width, height, rnd), width, height)
      .png()
      .toBuffer();
  if (kind === "fabric")
    return rawImage(fabric(width, height, rnd), width, height)
      .png()
      .toBuffer();
  if (kind === "leaves")
    return sharp(Buffer.from(leavesSvg(width, height, rnd)))
      .flatten()
      .png()
      .toBuffer();
  const table = await rawImage(wood(width, height, rnd), width, height)
    .png()
    .toBuffer();
  return sharp(table)
    .composite([{ input: Buffer.from(tableSvg(width, height, rnd)) }])
    .png()
    .toBuffer();
}

/**
 * One scene: hat `design` (0–23) seen from `view` on `background`, `width` x `height`, the hat
 * 45–70 % of the width at a seeded spot, with a soft cast shadow on the background (as in a real
 * photo; the truth leaves it out), saved as a JPEG like an uploaded photo.
 */
export async function makeScene(
  design: number,
  view: 1 | 2 | 3,
  background: Background,
  width: number,
  height: number,
  seed: number,
): Promise<Scene> {
  const rnd = random(seed * 7919 + 13);
  const hat = await sharp(Buffer.from(bareHatSvg(design, view)))
    .trim({ threshold: 0 })
    .png()
    .toBuffer();
  const hatWidth = Math.round(width * (0.45 + rnd() * 0.25));
  const placed = await sharp(hat)
    .resize({ width: hatWidth, height: Math.round(height * 0.85), fit: "inside" })
    .png()
    .toBuffer();
  const meta = await sharp(placed).metadata();
  const w = meta.width,
    h = meta.height;
  const left = Math.round((width - w) * (0.2 + rnd() * 0.6)),
    top = Math.round((height - h) * (0.2 + rnd() * 0.6));
  const silhouette = await sharp(placed).extractChannel(3).raw().toBuffer();
  const shadowAlpha = await sharp(silhouette, { raw: { width: w, height: h, channels: 1 } })
    .linear(0.45, 0)
    .blur(Math.max(1, w * 0.02))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const shadow = await sharp(Buffer.alloc(w * h * 3, 20), { raw: { width: w, height: h, channels: 3 } })
    .joinChannel(shadowAlpha, { raw: { width: w, height: h, channels: 1 } })
    .png()
    .toBuffer();
  const dx = Math.round(w * 0.04),
    dy = Math.round(h * 0.05);
  const photo = await sharp(await backgroundImage(background, width, height, seed))
    .composite([
      { input: shadow, left: Math.min(width - w, left + dx), top: Math.min(height - h, top + dy) },
      { input: placed, left, top },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
  const truth = new Uint8Array(width * height);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) truth[(top + y) * width + left + x] = silhouette[y * w + x]! >= 128 ? 255 : 0;
  return { name: `hat ${design + 1} view ${view} on ${background}`, photo, truth, width, height };
}

/** The bench's set: every background with three hats and views, 1600 x 1200 (some upright, 1200 x 1600). */
export async function benchScenes(): Promise<Scene[]> {
  const scenes: Scene[] = [];
  for (const [b, background] of BACKGROUNDS.entries()) {
    for (let k = 0; k < 3; k++) {
      const design = (b * 5 + k * 7) % 24,
        view = ((b + k) % 3) + 1;
      const upright = (b + k) % 4 === 3;
      scenes.push(await makeScene(design, view as 1 | 2 | 3, background, upright ? 1200 : 1600, upright ? 1600 : 1200, 1000 + b * 10 + k));
    }
  }
  return scenes;
}
