/**
 * Draws studio product photos of the hats listed in ./hat-designs.ts and writes them to
 * src/db/seed/images/hat-NN-K.webp (K = 1: 3/4 front, 2: side profile, 3: from above).
 *
 * Each hat is a small 3D model in centimetres (crown, band and brim as rings of quads), so the
 * three views of one product stay consistent. Every quad is lit, textured (straw braid, palm
 * plait, canvas stitching...) and painted back to front into an SVG that sharp rasterises.
 * Output is deterministic: all randomness comes from integer hashes of design/row/cell indices.
 *
 * Run: node scripts/make-hat-images.ts [NN ...]   (optional NN list renders only those designs)
 */
import { mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { type BandKind, type CrownShape, HAT_DESIGNS, type HatDesign, type HatMaterial } from "./hat-designs.ts";

const SIZE = 1200;
const OUT_DIR = fileURLToPath(new URL("../src/db/seed/images/", import.meta.url));
const HEAD_R = 9.3; // half-width of the head opening in cm
const OVAL = 1.13; // heads are longer front-to-back than side-to-side
const PROUD = 0.18; // the band stands this far off the crown; the brim starts under it

// ---------- maths ----------
type V3 = { x: number; y: number; z: number };
type Pt = { x: number; y: number };
const v3 = (x: number, y: number, z: number): V3 => ({ x, y, z });
const add = (a: V3, b: V3): V3 => v3(a.x + b.x, a.y + b.y, a.z + b.z);
const sub = (a: V3, b: V3): V3 => v3(a.x - b.x, a.y - b.y, a.z - b.z);
const mul = (a: V3, s: number): V3 => v3(a.x * s, a.y * s, a.z * s);
const dot = (a: V3, b: V3): number => a.x * b.x + a.y * b.y + a.z * b.z;
const cross = (a: V3, b: V3): V3 => v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
const unit = (a: V3): V3 => mul(a, 1 / (Math.hypot(a.x, a.y, a.z) || 1));
const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
const lerpPt = (a: Pt, b: Pt, t: number): Pt => ({ x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t) });
const clamp = (x: number, lo = 0, hi = 1): number => Math.min(hi, Math.max(lo, x));
const smooth = (e0: number, e1: number, x: number): number => {
  const t = clamp((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};
const TAU = 2 * Math.PI;

/** Integer hash -> [0,1): a seeded, order-independent PRNG so every run draws the same strands. */
function hash(...ns: number[]): number {
  let h = 0x811c9dc5;
  for (const n of ns) {
    h = Math.imul(h ^ (n | 0), 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return (h >>> 0) / 4294967296;
}

// ---------- colour (lighting is done in linear light, then tone-mapped) ----------
type RGB = { r: number; g: number; b: number };
const toLin = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toSrgb = (c: number): number => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);
function rgb(hex: string): RGB {
  const n = parseInt(hex.slice(1), 16);
  return { r: toLin(((n >> 16) & 255) / 255), g: toLin(((n >> 8) & 255) / 255), b: toLin((n & 255) / 255) };
}
const scaleC = (c: RGB, s: number): RGB => ({ r: c.r * s, g: c.g * s, b: c.b * s });
const mixC = (a: RGB, b: RGB, t: number): RGB => ({ r: lerp(a.r, b.r, t), g: lerp(a.g, b.g, t), b: lerp(a.b, b.b, t) });
const addC = (a: RGB, b: RGB): RGB => ({ r: a.r + b.r, g: a.g + b.g, b: a.b + b.b });
const WHITE: RGB = { r: 1, g: 1, b: 1 };
const warm = (c: RGB): RGB => ({ r: c.r * 0.95, g: c.g * 0.78, b: c.b * 0.55 }); // sun-browned fibre
/** Linear light -> sRGB hex; the soft shoulder keeps detail in bright straw instead of clipping. */
function css(c: RGB): string {
  const ch = (x: number): string =>
    Math.round(toSrgb(clamp((1.2 * x) / (1 + 0.2 * x))) * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${ch(c.r)}${ch(c.g)}${ch(c.b)}`;
}
/** Plain sRGB mix for the backdrop, which is not lit by the model. */
function tint(hex: string, toward: string, t: number): string {
  const a = parseInt(hex.slice(1), 16),
    b = parseInt(toward.slice(1), 16);
  const ch = (s: number): string =>
    Math.round(lerp((a >> s) & 255, (b >> s) & 255, t))
      .toString(16)
      .padStart(2, "0");
  return `#${ch(16)}${ch(8)}${ch(0)}`;
}

// ---------- materials ----------
type Texture = "braid" | "fine" | "plait" | "canvas" | "smooth" | "ribs" | "leather" | "woven" | "beads";
/** pitch: cell size in cm (one braid row / plait strand); fixedNu: same cell count in every ring so strands line up. */
type Finish = { tex: Texture; spec: number; shine: number; jitter: number; pitch: number; fixedNu: boolean };
const HAT_FINISH: Record<HatMaterial, Finish> = {
  "straw weave": { tex: "braid", spec: 0.12, shine: 18, jitter: 0.12, pitch: 0.85, fixedNu: false },
  "fine straw": { tex: "fine", spec: 0.1, shine: 16, jitter: 0.06, pitch: 0.5, fixedNu: false },
  "woven palm leaf": { tex: "plait", spec: 0.12, shine: 14, jitter: 0.3, pitch: 1.0, fixedNu: true },
  raffia: { tex: "braid", spec: 0.06, shine: 10, jitter: 0.2, pitch: 1.05, fixedNu: false },
  felt: { tex: "smooth", spec: 0.09, shine: 5, jitter: 0, pitch: 0.3, fixedNu: false },
  fabric: { tex: "canvas", spec: 0.02, shine: 6, jitter: 0.01, pitch: 0.75, fixedNu: true },
};
const RIBBON: Finish = { tex: "ribs", spec: 0.22, shine: 14, jitter: 0, pitch: 0.5, fixedNu: true };
const BAND_FINISH: Record<BandKind, Finish> = {
  ribbon: RIBBON,
  striped: RIBBON,
  leather: { tex: "leather", spec: 0.4, shine: 30, jitter: 0.03, pitch: 0.5, fixedNu: true },
  woven: { tex: "woven", spec: 0.1, shine: 12, jitter: 0.1, pitch: 0.6, fixedNu: true },
  beaded: { tex: "beads", spec: 0.5, shine: 40, jitter: 0, pitch: 0.45, fixedNu: true },
  stitched: HAT_FINISH.fabric,
};

// ---------- geometry ----------
/** Crown profile: topR = top radius / base radius; cr, ch = radii of the rounded top edge; pinch, dent, tele = creases. */
type Shape = { topR: number; cr: number; ch: number; pinch: number; dent: number; tele: number; slope: number };
const SHAPES: Record<CrownShape, Shape> = {
  pinch: { topR: 0.86, cr: 0.24, ch: 0.2, pinch: 0.24, dent: 0.2, tele: 0, slope: 0.07 },
  cowboy: { topR: 0.9, cr: 0.26, ch: 0.18, pinch: 0.3, dent: 0.3, tele: 0, slope: 0.05 },
  flat: { topR: 0.97, cr: 0.03, ch: 0.04, pinch: 0, dent: 0, tele: 0, slope: 0 },
  telescope: { topR: 0.95, cr: 0.08, ch: 0.08, pinch: 0, dent: 0, tele: 0.14, slope: 0 },
  dome: { topR: 0.93, cr: 0.93, ch: 0.52, pinch: 0, dent: 0, tele: 0, slope: 0 },
  bucket: { topR: 0.84, cr: 0.42, ch: 0.24, pinch: 0, dent: 0, tele: 0, slope: 0 },
  bell: { topR: 0.94, cr: 0.94, ch: 0.72, pinch: 0, dent: 0, tele: 0, slope: 0 },
};

type Ring = { r: number; h: number; band: boolean };
type Part = "crown" | "band" | "brim" | "edge";
type Cell = { q: [V3, V3, V3, V3]; part: Part; i: number; nu: number; j: number; rows: number; fin: Finish; ao: number; seed: number };
type DrawCtx = { S: (p: V3) => Pt; light: (n: V3, base: RGB, spec: number) => RGB; cmPx: number };
type Deco = { at: V3; out: V3; extent: V3[]; draw: (ctx: DrawCtx) => string };
type Model = { cells: Cell[]; decos: Deco[]; rim: V3[]; hull: V3[]; ground: number; crownR: (y: number) => number };

/** (radius, height) in cm from the crown base, up the side wall, round the top edge, to the centre. */
function profile(d: HatDesign): Pt[] {
  const { topR, cr, ch } = SHAPES[d.crown],
    H = d.crownHeightCm,
    pts: Pt[] = [];
  for (let i = 0; i <= 10; i++) pts.push({ x: HEAD_R * lerp(1, topR, i / 10), y: H * (1 - ch) * (i / 10) });
  for (let i = 1; i <= 16; i++) {
    const a = (i / 16) * (Math.PI / 2);
    pts.push({ x: HEAD_R * (topR - cr + cr * Math.cos(a)), y: H * (1 - ch + ch * Math.sin(a)) });
  }
  if (topR - cr > 0.01) pts.push({ x: 0, y: H });
  return pts;
}

/** Rings spaced evenly along the profile so braid rows keep a constant width; band rows first. */
function crownRings(d: HatDesign, pitch: number): Ring[] {
  const pts = profile(d),
    cum = [0];
  for (let i = 1; i < pts.length; i++) cum.push(cum[i - 1]! + Math.hypot(pts[i]!.x - pts[i - 1]!.x, pts[i]!.y - pts[i - 1]!.y));
  const length = cum[cum.length - 1]!;
  const at = (s: number): Pt => {
    let i = 1;
    while (i < cum.length - 1 && cum[i]! < s) i++;
    return lerpPt(pts[i - 1]!, pts[i]!, clamp((s - cum[i - 1]!) / (cum[i]! - cum[i - 1]! || 1)));
  };
  let sb = 0;
  while (sb < length && at(sb).y < d.band.heightCm) sb += 0.02;
  const nb = Math.max(3, Math.round(sb / BAND_FINISH[d.band.kind].pitch)),
    nc = Math.max(6, Math.round((length - sb) / pitch));
  const rings: Ring[] = [];
  for (let k = 0; k <= nb; k++) rings.push({ ...pointToRing(at((sb * k) / nb)), band: true });
  for (let k = 0; k <= nc; k++) rings.push({ ...pointToRing(at(sb + ((length - sb) * k) / nc)), band: false });
  return rings;
}
const pointToRing = (p: Pt): { r: number; h: number } => ({ r: p.x, h: p.y });

/** A ring point pushed into shape: front pinches (teardrop), centre dent, telescope recess; the band sits proud. */
function crownPoint(d: HatDesign, ring: Ring, phi: number): V3 {
  const sh = SHAPES[d.crown],
    H = d.crownHeightCm,
    hn = ring.h / H,
    rr = ring.r / (HEAD_R * sh.topR);
  const sx = Math.sin(phi),
    cz = Math.cos(phi),
    r = ring.r + (ring.band ? PROUD : 0);
  const pinch = 1 - sh.pinch * hn ** 2 * Math.max(0, cz) ** 3;
  let y = ring.h - sh.dent * H * hn ** 4 * Math.exp(-(((rr * sx) / 0.42) ** 2)) - sh.slope * H * hn ** 2 * (ring.r / HEAD_R) * cz;
  y -= sh.tele * H * smooth(0.97, 1, hn) * (1 - smooth(0.72, 0.9, rr));
  return v3(r * sx * pinch, y, r * OVAL * cz);
}

/** Height of the brim s cm out from the crown: this is what makes a snap brim, a floppy sun hat or a cowboy curl. */
function brimLift(d: HatDesign, s: number, phi: number): number {
  const t = s / d.brimCm,
    c = Math.cos(phi),
    sn = Math.sin(phi);
  switch (d.brim) {
    case "flat":
      return -0.03 * s;
    case "snap":
      return s * t * (-0.24 * c + 0.05);
    case "upturned":
      return 0.35 * s * t * t;
    case "droop":
      return -s * (0.1 + 0.22 * t);
    case "floppy":
      return -s * (0.06 + 0.16 * t) + 1.3 * t * t * Math.sin(3 * phi + 0.6);
    case "down":
      return -s * 0.62;
    case "bell":
      return -s * 1.0;
    case "curl":
      return d.brimCm * t * t * 0.55 * sn * sn - 0.14 * s * t * c * c;
  }
}
const brimPoint = (d: HatDesign, s: number, phi: number): V3 =>
  v3((HEAD_R + PROUD + s) * Math.sin(phi), brimLift(d, s, phi), ((HEAD_R + PROUD) * OVAL + s) * Math.cos(phi));

/** One ring of quads between two closed curves; corner order gives outward normals for the crown. */
type Curve = (phi: number) => V3;
function strip(out: Cell[], f0: Curve, f1: Curve, nu: number, phase: number, meta: Omit<Cell, "q" | "i" | "nu">): void {
  for (let i = 0; i < nu; i++) {
    const a = phase + (i / nu) * TAU,
      b = phase + ((i + 1) / nu) * TAU;
    out.push({ ...meta, q: [f0(a), f0(b), f1(b), f1(a)], i, nu });
  }
}

function buildModel(d: HatDesign, seed: number): Model {
  const fin = HAT_FINISH[d.material],
    bandFin = BAND_FINISH[d.band.kind],
    cells: Cell[] = [];
  const rings = crownRings(d, fin.pitch),
    nb = rings.filter((r) => r.band).length - 1;
  // Cells per ring: braids keep a constant stitch length; plaits keep the count so strands line up ring to ring.
  const ringNu = (f: Finish, radius: number, fixedRadius: number): number =>
    Math.max(16, Math.round((TAU * (f.fixedNu ? fixedRadius : radius) * 1.06) / f.pitch));
  const phase = (f: Finish, ...key: number[]): number => (f.fixedNu ? 0 : hash(seed, ...key) * TAU); // staggers braid joins
  for (let k = 0; k + 1 < rings.length; k++) {
    const r0 = rings[k]!,
      r1 = rings[k + 1]!,
      band = r0.band,
      f = band ? bandFin : fin;
    const nu = ringNu(f, (r0.r + r1.r) / 2, HEAD_R);
    strip(
      cells,
      (p) => crownPoint(d, r0, p),
      (p) => crownPoint(d, r1, p),
      nu,
      phase(f, k),
      {
        part: band ? "band" : "crown",
        j: band ? k : k - nb - 1,
        rows: band ? nb : rings.length - nb - 2,
        fin: f,
        seed,
        ao: band ? 0.82 + 0.18 * (k / nb) : 1 - 0.12 * Math.exp(-(k - nb)),
      },
    );
  }
  const W = d.brimCm,
    nr = Math.max(4, Math.round(W / fin.pitch));
  for (let j = 0; j < nr; j++) {
    const s0 = (W * j) / nr,
      s1 = (W * (j + 1)) / nr;
    const nu = ringNu(fin, HEAD_R + (s0 + s1) / 2, HEAD_R + W / 2);
    strip(
      cells,
      (p) => brimPoint(d, s0, p),
      (p) => brimPoint(d, s1, p),
      nu,
      phase(fin, 99, j),
      {
        part: "brim",
        j,
        rows: nr,
        fin,
        seed,
        ao: 1 - 0.45 * Math.exp(-(s0 + s1) / 2 / 1.3), // darker in the crown's corner
      },
    );
  }
  // Brim thickness: a thin outward-facing wall under the outer edge.
  const thick = d.material === "felt" ? 0.22 : 0.32;
  const lower = (p: number): V3 => add(brimPoint(d, W, p), v3(0, -thick, 0));
  strip(cells, lower, (p) => brimPoint(d, W, p), ringNu(fin, HEAD_R + W, HEAD_R + W), 0, {
    part: "edge",
    j: 0,
    rows: 1,
    fin,
    seed,
    ao: 0.85,
  });

  // Outlines for the floor shadows, and the crown's radius at a height for the shadow it casts on the brim.
  const around = (n: number, f: Curve): V3[] => Array.from({ length: n }, (_, i) => f((i / n) * TAU));
  const rim = around(120, (p) => brimPoint(d, W, p));
  const hull = [...rim, ...rings.filter((_, k) => k % 3 === 0).flatMap((r) => around(24, (p) => crownPoint(d, r, p)))];
  const ground = Math.min(0, ...rim.map((p) => p.y)) - thick;
  const top = Math.max(...rings.map((r) => r.h));
  const crownR = (y: number): number => (y > top ? 0 : Math.max(0, ...rings.filter((r) => !r.band && r.h >= y).map((r) => r.r)));
  return { cells, decos: decorations(d, seed), rim, hull, ground, crownR };
}

// ---------- band ornaments ----------
/** Position on the band at angle phi with its outward normal and tangent (pointing towards the back). */
function bandFrame(d: HatDesign, phi: number): { at: V3; out: V3; t: V3; h: number } {
  const sh = SHAPES[d.crown],
    h = d.band.heightCm / 2;
  const ring: Ring = { r: HEAD_R * lerp(1, sh.topR, h / (d.crownHeightCm * (1 - sh.ch))), h, band: true };
  const at = crownPoint(d, ring, phi);
  const t = unit(sub(crownPoint(d, ring, phi + 0.01), at));
  return { at, out: unit(v3(Math.sin(phi), 0, Math.cos(phi) / OVAL)), t, h };
}

const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();
const fmt = (p: Pt): string => `${f1(p.x)} ${f1(p.y)}`;
const poly = (pts: Pt[], fill: string, extra = ""): string => `<path d="M${pts.map(fmt).join("L")}Z" fill="${fill}"${extra}/>`;
const line = (pts: Pt[], col: RGB, w: number, op = 1): string => {
  const opacity = op < 1 ? ` stroke-opacity="${op.toFixed(2)}"` : "";
  return `<path class="t" d="M${pts.map(fmt).join("L")}" stroke="${css(col)}" stroke-width="${w.toFixed(2)}"${opacity}/>`;
};
const circle = (x: number, y: number, r: number, fill: string): string =>
  `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r)}" fill="${fill}"/>`;
const stroke = (col: RGB, w: number): string => ` stroke="${css(col)}" stroke-width="${w}"`;
/** Points of an ellipse in 3D with centre c and half-axes u, v. */
const ellipse3 = (c: V3, u: V3, v: V3, n = 20): V3[] =>
  Array.from({ length: n }, (_, i) => add(c, add(mul(u, Math.cos((i / n) * TAU)), mul(v, Math.sin((i / n) * TAU)))));

/** Ornaments sit on the band at the wearer's left, turned so all three camera views see them. */
function decorations(d: HatDesign, seed: number): Deco[] {
  const { at, out, t, h } = bandFrame(d, 1.35),
    up = v3(0, 1, 0);
  // P(u, v, o): u cm along the band (towards the back), v cm up, o cm out from the band.
  const P = (u: number, v: number, o: number): V3 => add(at, add(mul(t, u), add(mul(up, v), mul(out, o))));
  const f: Frame = { P, out, t, up, h };
  switch (d.band.detail) {
    case "none":
      return [];
    case "bow":
      return [bow(f, rgb(d.band.colour.hex))];
    case "shells":
      return [-2, 0, 2].map((u, k) => cowrie(f, u, k));
    case "concho":
      return [concho(f)];
    case "feather":
      return [feather(f, rgb(d.band.accent), seed)];
  }
}
type Frame = { P: (u: number, v: number, o: number) => V3; out: V3; t: V3; up: V3; h: number };

/** Flat ribbon bow: two pinched loops and a knot; the loops are angled so they catch the light differently. */
function bow({ P, out, t, h }: Frame, band: RGB): Deco {
  const shape: [number, number][] = [
    [0.4, 0.3],
    [2.5, 0.62],
    [2.8, 0],
    [2.5, -0.62],
    [0.4, -0.3],
  ];
  const loop = (s: number): V3[] => shape.map(([u, v]) => P(s * u, v * h, 0.35 + 0.12 * u));
  const knot = [P(-0.55, 0.45 * h, 0.6), P(0.55, 0.45 * h, 0.6), P(0.55, -0.45 * h, 0.6), P(-0.55, -0.45 * h, 0.6)];
  return {
    at: P(0, 0, 0.4),
    out,
    extent: [P(-3, 0, 0), P(3, 0, 0)],
    draw: ({ S, light }) => {
      const side = (s: number): string => poly(loop(s).map(S), css(light(unit(add(out, mul(t, -0.35 * s))), band, 0.2)));
      return side(-1) + side(1) + poly(knot.map(S), css(scaleC(light(out, band, 0.25), 0.85)));
    },
  };
}

/** A cowrie shell sewn on the band: cream oval with a sheen and a dark toothed slit. */
function cowrie({ P, out, t, up }: Frame, u: number, k: number): Deco {
  const c = P(u, 0, 0.45),
    a = mul(unit(add(t, mul(up, 0.25 * (k - 1)))), 1.1),
    b = mul(unit(cross(out, a)), 0.72);
  return {
    at: c,
    out,
    extent: [c],
    draw: ({ S, light }) => {
      const shade = light(out, rgb("#f3e9d6"), 0.5),
        pts = ellipse3(c, a, b).map(S);
      const slit = [-0.7, 0, 0.7].map((s) => S(add(c, mul(a, s))));
      return poly(pts, css(shade), stroke(scaleC(shade, 0.6), 1)) + poly(pts, "url(#shell)") + line(slit, scaleC(shade, 0.25), 2.2);
    },
  };
}

/** Oval silver concho with a raised inner ring. */
function concho({ P, out, t, up, h }: Frame): Deco {
  const c = P(0, 0, 0.4),
    a = mul(t, 1.45),
    b = mul(up, Math.min(1.15, h * 0.95));
  return {
    at: c,
    out,
    extent: [c],
    draw: ({ S, light }) => {
      const metal = light(out, rgb("#b9bcc2"), 0.9),
        disc = ellipse3(c, a, b, 28).map(S);
      const ring = ellipse3(add(c, mul(out, 0.1)), mul(a, 0.55), mul(b, 0.55)).map(S);
      return (
        poly(disc, css(metal), stroke(scaleC(metal, 0.45), 1.5)) +
        poly(disc, "url(#metal)") +
        poly(ring, "none", stroke(scaleC(metal, 0.5), 1.6))
      );
    },
  };
}

/** Speckled guinea-fowl feather tucked behind the band, rising towards the back. */
function feather({ P, out, h }: Frame, col: RGB, seed: number): Deco {
  const spine = Array.from({ length: 16 }, (_, i) => i / 15).map((s) => P(5.5 * s, 8.8 * s - 0.3 * h, 0.25 + 1.5 * s * s));
  return { at: P(0, 0, 0.5), out, extent: spine, draw: ({ S, light, cmPx }) => featherSvg(spine.map(S), light(out, col, 0.3), cmPx, seed) };
}

/** Tapered two-tone vane around a projected spine, with a few splits, fine barbs and pale speckles. */
function featherSvg(sp: Pt[], col: RGB, cmPx: number, seed: number): string {
  const left: Pt[] = [],
    right: Pt[] = [],
    barbs: string[] = [],
    dots: string[] = [];
  sp.forEach((p, i) => {
    const q = sp[Math.min(i + 1, sp.length - 1)]!,
      o = sp[Math.max(i - 1, 0)]!,
      s = i / (sp.length - 1);
    const dx = q.x - o.x,
      dy = q.y - o.y,
      len = Math.hypot(dx, dy) || 1,
      nx = -dy / len,
      ny = dx / len;
    const split = hash(seed, i, 9) < 0.2 ? 0.75 : 1; // barbs separating along the edge
    const w = 0.95 * cmPx * Math.sin(Math.PI * clamp(0.08 + s * 0.95)) ** 0.7;
    const edge = (k: number): Pt => ({ x: p.x + nx * w * k - dx * 0.3, y: p.y + ny * w * k - dy * 0.3 }); // barbs sweep back
    const l = edge(split),
      r = edge(-0.8);
    left.push(l);
    right.push(r);
    if (i > 0) barbs.push(`M${fmt(p)}L${fmt(l)}M${fmt(p)}L${fmt(r)}`);
    for (let k = 0; k < 3 && i > 1 && i < sp.length - 1; k++) {
      const u = hash(seed, i, k) * 1.6 - 0.8;
      dots.push(`<circle cx="${f1(p.x + nx * w * u)}" cy="${f1(p.y + ny * w * u)}" r="${f1(cmPx * 0.055)}"/>`);
    }
  });
  const vane = (side: Pt[], shade: number): string => poly([...sp, ...[...side].reverse()], css(scaleC(col, shade)));
  return (
    vane(left, 1.3) +
    vane(right, 0.75) +
    `<path class="t" d="${barbs.join("")}" stroke="${css(scaleC(col, 1.8))}" stroke-opacity="0.45" stroke-width="0.8"/>` +
    `<g fill="#f4efe6" fill-opacity="0.75">${dots.join("")}</g>` +
    line(sp, scaleC(WHITE, 0.6), Math.max(1.2, cmPx * 0.05))
  );
}

// ---------- camera and lighting ----------
type View = { k: number; az: number; el: number; fitW: number; fitH: number; cy: number };
const VIEWS: View[] = [
  { k: 1, az: -32, el: 24, fitW: 0.78, fitH: 0.6, cy: 0.47 }, // 3/4 front, the catalogue thumbnail
  { k: 2, az: -76, el: 8, fitW: 0.8, fitH: 0.55, cy: 0.48 }, // side profile, shows crown height and brim bend
  { k: 3, az: -20, el: 64, fitW: 0.76, fitH: 0.74, cy: 0.5 }, // from above: weave, braid spiral and band
];
// Light directions are fixed to the camera like a studio soft box (upper left) plus a weak fill (right).
const KEY = unit(v3(-0.5, 0.78, 0.42));
const FILL = unit(v3(0.85, 0.1, 0.5));
const AMBIENT: RGB = { r: 1.04, g: 0.97, b: 0.88 }; // warm light bounced off the paper
const DIST = 95; // camera distance in cm: a long lens, only slight perspective

type Cam = { rot: (p: V3) => V3; unrot: (p: V3) => V3; proj: (p: V3) => Pt };
function camera(v: View): Cam {
  const a = (v.az * Math.PI) / 180,
    e = (v.el * Math.PI) / 180;
  const ca = Math.cos(a),
    sa = Math.sin(a),
    ce = Math.cos(e),
    se = Math.sin(e);
  const rot = (p: V3): V3 => {
    const x1 = p.x * ca + p.z * sa,
      z1 = -p.x * sa + p.z * ca;
    return v3(x1, p.y * ce - z1 * se, p.y * se + z1 * ce);
  };
  const unrot = (p: V3): V3 => {
    const y1 = p.y * ce + p.z * se,
      z1 = -p.y * se + p.z * ce;
    return v3(p.x * ca - z1 * sa, y1, p.x * sa + z1 * ca);
  };
  const proj = (p: V3): Pt => {
    const c = rot(p),
      s = DIST / (DIST - c.z);
    return { x: c.x * s, y: c.y * s };
  };
  return { rot, unrot, proj };
}

/** Wrapped diffuse key + fill + sky + warm bounce from the paper, Blinn specular. n is a world normal. */
function lightFn(cam: Cam, n: V3, base: RGB, spec: number, shine: number, ao: number, lit: number): RGB {
  const nc = cam.rot(n),
    key = Math.max(0, (dot(nc, KEY) + 0.15) / 1.15) ** 1.3 * lit;
  const ambient = 0.2 + 0.08 * n.y + 0.16 * Math.max(0, -n.y) + 0.16 * Math.max(0, dot(nc, FILL));
  const hv = unit(add(KEY, v3(0, 0, 1))),
    sp = spec * Math.max(0, dot(nc, hv)) ** shine * lit;
  const edge = 0.72 + 0.28 * Math.min(1, Math.abs(nc.z) * 1.6); // surfaces turning away darken, which reads as roundness
  const light = scaleC(addC(scaleC(AMBIENT, ambient), scaleC(WHITE, 0.9 * key)), ao * edge);
  return addC({ r: base.r * light.r, g: base.g * light.g, b: base.b * light.b }, scaleC(mixC(base, WHITE, 0.6), sp));
}

/** The soft box is up and to the left, so the key fades gently towards the lower right of the frame. */
const falloff = (cam: Cam, p: V3): number => {
  const c = cam.rot(p);
  return 1.12 - 0.3 * clamp(0.5 + (c.x - 0.6 * c.y) / 50);
};

/** How much of the key light reaches a brim point past the crown (soft-edged cast shadow). */
function crownShadow(m: Model, p: V3, L: V3): number {
  if (L.y < 0.05) return 1;
  let best = 9;
  for (let k = 1; k <= 24; k++) {
    const q = add(p, mul(L, ((k / 24) * 30) / L.y)),
      r = m.crownR(q.y);
    if (r > 0) best = Math.min(best, Math.hypot(q.x / r, q.z / (r * OVAL)));
  }
  return 0.3 + 0.7 * smooth(0.85, 1.3, best);
}

// ---------- per-cell colour and texture ----------
function cellBase(d: HatDesign, c: Cell): RGB {
  const hat = rgb(d.colour.hex),
    band = rgb(d.band.colour.hex),
    accent = rgb(d.band.accent),
    f = c.fin;
  const n1 = hash(c.seed, c.part.length, c.j, c.i) - 0.5,
    n2 = hash(c.seed, 5, c.j, c.i);
  if (c.part === "band") {
    if (c.j >= c.rows) return band; // the ledge along the top of the band
    switch (d.band.kind) {
      case "striped":
        return c.j % 3 === 1 ? accent : band;
      case "woven":
        return scaleC((c.i + c.j) % 2 ? band : mixC(band, accent, 0.5), 1 + n1 * f.jitter);
      case "beaded":
        return scaleC(band, 0.25);
      case "stitched":
        return hat;
      default:
        return scaleC(band, 1 + n1 * f.jitter);
    }
  }
  if (f.tex === "plait") {
    // each palm strand has its own tone; strands run along rows (over) or columns (under)
    const over = (c.i + c.j) % 4 < 2,
      s = over ? hash(c.seed, c.part.length, 7, c.j) : hash(c.seed, c.part.length, 9, c.i);
    return scaleC(mixC(hat, warm(hat), s * 0.6), (over ? 1.04 : 0.86) * (1 + (s - 0.5) * f.jitter));
  }
  const base = scaleC(mixC(hat, warm(hat), n2 * f.jitter * 2.5), 1 + n1 * f.jitter);
  return c.part === "edge" ? scaleC(base, 0.85) : base;
}

/** Surface detail drawn inside one projected quad a-b-c-d (u runs along the ring, v across it). */
function texture(d: HatDesign, c: Cell, P: [Pt, Pt, Pt, Pt], col: RGB, sz: number, gain: number): string {
  const [a, b, cc, dd] = P,
    at = (u: number, v: number): Pt => lerpPt(lerpPt(a, b, u), lerpPt(dd, cc, u), v);
  const dark = (s: number): RGB => scaleC(col, s),
    w = sz * 0.08;
  switch (c.fin.tex) {
    case "braid": // plaited straw braid: groove between rows, chevrons with a highlight
      return (
        line([at(0, 0), at(1, 0)], dark(0.45), w * 1.3) +
        line([at(0.1, 0.14), at(0.62, 0.5), at(0.1, 0.86)], dark(0.68), w) +
        line([at(0.34, 0.16), at(0.84, 0.5), at(0.34, 0.84)], dark(1.35), w * 0.7, 0.7)
      );
    case "fine": {
      // toquilla weave: a tiny over-under checker inside each cell, faint spiral rows
      const sq = (u: number, v: number): Pt[] => [at(u, v), at(u + 0.5, v), at(u + 0.5, v + 0.5), at(u, v + 0.5)];
      return poly(sq(0, 0), css(dark(0.86))) + poly(sq(0.5, 0.5), css(dark(0.9))) + line([at(0, 0), at(1, 0)], dark(0.65), w * 0.7, 0.6);
    }
    case "plait": {
      // 2-over-2 twill of palm strands: fibres along each strand, dark gaps where it dives under
      const phase = (c.i + c.j) % 4,
        over = phase < 2,
        end = phase % 2; // each strand shows across two cells
      const fib = (s: number): Pt[] => (over ? [at(0, s), at(1, s)] : [at(s, 0), at(s, 1)]);
      const gap = over ? [at(end, 0), at(end, 1)] : [at(0, end), at(1, end)];
      const side = over ? [at(0, 0), at(1, 0)] : [at(0, 0), at(0, 1)];
      return (
        line(fib(0.3), dark(1.3), w * 0.5, 0.5) +
        line(fib(0.7), dark(0.8), w * 0.5, 0.5) +
        line(gap, dark(0.4), w * 1.3) +
        line(side, dark(0.7), w * 0.6, 0.7)
      );
    }
    case "canvas": {
      // top-stitching rows on the brim and band, panel seams on the crown
      const stitch = line([at(0.15, 0.5), at(0.65, 0.5)], mixC(dark(1.5), rgb(d.band.accent), 0.3), w * 0.8);
      const topRow = Math.round(c.rows * 0.45); // the round top panel starts about here
      if (c.part === "brim" || (c.part === "band" && (c.j === 0 || c.j === c.rows - 1))) return stitch;
      if (c.part === "crown" && c.j === topRow) return line([at(0, 0), at(1, 0)], dark(0.45), w * 1.4) + stitch;
      if (c.part === "crown" && c.j < topRow && c.i % Math.round(c.nu / 6) === 0) return line([at(0, 0), at(0, 1)], dark(0.45), w * 1.4);
      return "";
    }
    case "ribs": // grosgrain ribs run across the ribbon
      return line([at(0.33, 0), at(0.33, 1)], dark(0.75), w * 0.6, 0.45) + line([at(0.75, 0), at(0.75, 1)], dark(1.25), w * 0.5, 0.4);
    case "leather": // pale stitching along both edges
      return c.j === 0 || c.j === c.rows - 1 ? line([at(0.2, 0.55), at(0.7, 0.55)], dark(1.9), w * 0.9, 0.8) : "";
    case "woven":
      return line([at(0.05, 0.5), at(0.95, 0.5)], dark(1.3), w * 0.6, 0.5) + line([at(0, 0), at(0, 1)], dark(0.5), w);
    case "beads": {
      // glass seed beads in a zigzag pattern with a specular dot
      if (c.j >= c.rows) return "";
      const zig = Math.abs((c.i % 8) - 4),
        edge = c.j === 0 || c.j === c.rows - 1;
      const bead = edge ? rgb(d.band.accent) : zig === c.j || zig === c.j + 1 ? rgb(d.band.accent) : rgb(d.band.colour.hex);
      const m = at(0.5, 0.5),
        r = sz * 0.42;
      return circle(m.x, m.y, r, css(scaleC(bead, gain))) + circle(m.x - r * 0.35, m.y - r * 0.35, r * 0.28, "#ffffff99");
    }
    default:
      return "";
  }
}

// ---------- scene ----------
function convexHull(pts: Pt[]): Pt[] {
  const p = [...pts].sort((a, b) => a.x - b.x || a.y - b.y),
    lower: Pt[] = [],
    upper: Pt[] = [];
  const turn = (o: Pt, a: Pt, b: Pt): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  for (const q of p) {
    while (lower.length >= 2 && turn(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  for (const q of p.reverse()) {
    while (upper.length >= 2 && turn(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** SVG gradient: attrs for the element, stops as [offset, colour, opacity]. */
function gradient(kind: "linear" | "radial", id: string, attrs: string, stops: [number, string, number][]): string {
  const s = stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a < 1 ? ` stop-opacity="${a}"` : ""}/>`).join("");
  return `<${kind}Gradient id="${id}" ${attrs}>${s}</${kind}Gradient>`;
}

/** Seamless paper sweep: lighter at the top, a soft spot of light behind the hat, gentle vignette. */
function background(bg: string, topDown: boolean): string {
  const paper = topDown
    ? gradient("radial", "bg", 'cx="0.45" cy="0.42" r="0.8"', [
        [0, tint(bg, "#ffffff", 0.3), 1],
        [1, tint(bg, "#000000", 0.1), 1],
      ])
    : gradient("linear", "bg", 'x1="0" y1="0" x2="0" y2="1"', [
        [0, tint(bg, "#ffffff", 0.25), 1],
        [0.55, bg, 1],
        [1, tint(bg, "#000000", 0.08), 1],
      ]);
  const spot = gradient("radial", "spot", 'cx="0.42" cy="0.36" r="0.55"', [
    [0, "#fff", 0.45],
    [1, "#fff", 0],
  ]);
  const vignette = gradient("radial", "vig", 'cx="0.5" cy="0.48" r="0.75"', [
    [0.55, "#000", 0],
    [1, "#000", 0.18],
  ]);
  const rect = (fill: string): string => `<rect width="${SIZE}" height="${SIZE}" fill="${fill}"/>`;
  return `<defs>${paper}${spot}${vignette}</defs>${rect("url(#bg)")}${rect("url(#spot)")}`;
}

/** Cast shadow along the light, a tight ambient-occlusion pool under the brim and contact darkening where it touches. */
function shadows(m: Model, cam: Cam, S: (p: V3) => Pt, bg: string, cmPx: number): string {
  const L = unit(cam.unrot(KEY)),
    g = m.ground,
    col = tint(bg, "#1a1410", 0.75);
  const cast = convexHull(m.hull.map((p) => S(sub(p, mul(L, (p.y - g) / Math.max(0.2, L.y))))));
  const pool = m.rim.map((p) => S(v3(p.x * 0.96, g, p.z * 0.96)));
  const contact = m.rim.map((p, i) => {
    const q = m.rim[(i + 1) % m.rim.length]!,
      op = 0.6 * Math.exp(-((p.y + q.y) / 2 - g) / 0.8);
    const d = `M${fmt(S(v3(p.x, g, p.z)))}L${fmt(S(v3(q.x, g, q.z)))}`;
    return op < 0.03 ? "" : `<path d="${d}" stroke="${col}" stroke-opacity="${op.toFixed(2)}" stroke-width="${f1(cmPx * 0.5)}"/>`;
  });
  return (
    `<g filter="url(#blurL)" opacity="0.32">${poly(cast, col)}</g><g filter="url(#blurM)" opacity="0.45">${poly(pool, col)}</g>` +
    `<g filter="url(#blurS)" stroke-linecap="round">${contact.join("")}</g>`
  );
}

/** The hat in its studio (paper, shadows, vignette) or, with `bare`, alone on a transparent canvas. */
function renderSvg(d: HatDesign, m: Model, view: View, bare = false): string {
  const cam = camera(view),
    Lw = unit(cam.unrot(KEY)),
    eye = cam.unrot(v3(0, 0, DIST));
  // Fit the projected hat (and ornaments) into the frame.
  const probe = [...m.cells.filter((_, i) => i % 3 === 0).flatMap((c) => c.q), ...m.decos.flatMap((x) => x.extent)];
  const xs = probe.map((p) => cam.proj(p).x),
    ys = probe.map((p) => cam.proj(p).y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const k = Math.min((view.fitW * SIZE) / (x1 - x0), (view.fitH * SIZE) / (y1 - y0));
  const ox = SIZE / 2 - (k * (x0 + x1)) / 2,
    oy = view.cy * SIZE + (k * (y0 + y1)) / 2;
  const S = (p: V3): Pt => {
    const q = cam.proj(p);
    return { x: ox + k * q.x, y: oy - k * q.y };
  };

  const items: { depth: number; svg: string }[] = [];
  for (const c of m.cells) {
    const centre = mul(c.q.reduce(add), 0.25),
      toEye = sub(eye, centre);
    let n = unit(cross(sub(c.q[2], c.q[0]), sub(c.q[3], c.q[1])));
    if (c.part === "brim") n = mul(n, -1); // quads were wound facing down; the top of the brim faces up
    const facing = dot(n, toEye) > 0;
    if (!facing && c.part !== "brim") continue; // closed surfaces: back faces are hidden
    const under = c.part === "brim" && !facing;
    const lit = (c.part === "brim" && !under ? crownShadow(m, centre, Lw) : 1) * falloff(cam, centre);
    const base = cellBase(d, c);
    const col = under // the underside only gets bounce light from the paper
      ? lightFn(cam, mul(n, -1), base, c.fin.spec, c.fin.shine, c.ao * 0.75, 0.35)
      : lightFn(cam, n, base, c.fin.spec, c.fin.shine, c.ao, lit);
    const P = c.q.map(S) as [Pt, Pt, Pt, Pt];
    const area = Math.abs((P[2].x - P[0].x) * (P[3].y - P[1].y) - (P[3].x - P[1].x) * (P[2].y - P[0].y)) / 2;
    const sz = Math.sqrt(area),
      hex = css(col);
    const gain = (col.r + col.g + col.b) / (base.r + base.g + base.b + 1e-4); // how lit this cell is, for the beads
    const tex = sz > 2.5 ? texture(d, c, P, col, sz, gain) : ""; // sub-pixel detail would only add noise
    items.push({ depth: cam.rot(centre).z, svg: `<path class="c" color="${hex}" d="M${P.map(fmt).join("L")}Z"/>${tex}` });
  }
  const cmPx = k,
    light = (n: V3, base: RGB, spec: number): RGB => lightFn(cam, n, base, spec, 20, 1, 1);
  for (const x of m.decos) {
    if (dot(x.out, unit(sub(eye, x.at))) < 0.05) continue;
    items.push({ depth: cam.rot(x.at).z + 0.3, svg: x.draw({ S, light, cmPx }) });
  }
  items.sort((a, b) => a.depth - b.depth);

  // Quads (.c) are stroked in their own colour so anti-aliased seams between neighbours don't show.
  const felt = d.material === "felt";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<style>.c{fill:currentColor;stroke:currentColor;stroke-width:.7px;stroke-linejoin:round}.t{fill:none;stroke-linecap:round;stroke-linejoin:round}</style>` +
    (bare ? "" : background(d.background, view.el > 45)) +
    filters(felt) +
    (bare ? "" : shadows(m, cam, S, d.background, cmPx)) +
    `<g${felt ? ' filter="url(#felt)"' : ""}>${items.map((x) => x.svg).join("")}</g>` +
    (bare ? "" : `<rect width="${SIZE}" height="${SIZE}" fill="url(#vig)"/>`) +
    "</svg>"
  );
}

/** Blurs for the shadows; felt gets softened facets plus a faint fibre grain. */
function filters(felt: boolean): string {
  const blur = (id: string, s: number): string =>
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${s}"/></filter>`;
  const grain =
    `<filter id="felt" color-interpolation-filters="sRGB"><feGaussianBlur in="SourceGraphic" stdDeviation="1" result="s"/>` +
    `<feTurbulence type="fractalNoise" baseFrequency="0.7" numOctaves="2" seed="4"/><feColorMatrix type="saturate" values="0" result="n"/>` +
    `<feComposite in="s" in2="n" operator="arithmetic" k2="1" k3="0.07" k4="-0.035" result="g"/><feComposite in="g" in2="SourceGraphic" operator="in"/></filter>`;
  return (
    `<defs>${blur("blurL", 30)}${blur("blurM", 12)}${blur("blurS", 5)}${felt ? grain : ""}` +
    gradient("radial", "shell", 'cx="0.4" cy="0.35" r="0.7"', [
      [0, "#fff", 0.7],
      [1, "#8a6a48", 0.35],
    ]) +
    gradient("radial", "metal", 'cx="0.35" cy="0.3" r="0.8"', [
      [0, "#fff", 0.8],
      [0.5, "#fff", 0],
      [1, "#000", 0.35],
    ]) +
    "</defs>"
  );
}

// ---------- main ----------
async function main(): Promise<void> {
  const only = process.argv.slice(2);
  await mkdir(OUT_DIR, { recursive: true });
  for (const [index, d] of HAT_DESIGNS.entries()) {
    if (only.length > 0 && !only.includes(d.nn)) continue;
    const model = buildModel(d, index + 1);
    await Promise.all(
      VIEWS.map((v) => {
        const file = path.join(OUT_DIR, `hat-${d.nn}-${v.k}.webp`);
        return sharp(Buffer.from(renderSvg(d, model, v)))
          .webp({ quality: 80, effort: 6 })
          .toFile(file);
      }),
    );
    process.stdout.write(".");
  }
  printTable();
  const files = (await readdir(OUT_DIR)).filter((f) => f.endsWith(".webp"));
  const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(OUT_DIR, f))).size));
  const kB = (n: number): string => `${(n / 1024).toFixed(0)} kB`;
  console.log(`\n${files.length} images, ${kB(sizes.reduce((a, b) => a + b, 0))} total, largest ${kB(Math.max(...sizes))}`);
}

/** NN | style | material | colour | band, so the catalogue seed can be matched to the pictures. */
function printTable(): void {
  const cols = ["NN", "style", "material", "colour", "band"];
  const band = (d: HatDesign): string => d.band.colour.name + (d.band.detail === "none" ? "" : ` + ${d.band.detail}`);
  const rows = HAT_DESIGNS.map((d) => [d.nn, d.style, d.material, d.colour.name, band(d)]);
  const width = cols.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const fmtRow = (r: string[]): string => r.map((x, i) => x.padEnd(width[i]!)).join(" | ");
  console.log(`\n${fmtRow(cols)}\n${width.map((w) => "-".repeat(w)).join("-|-")}\n${rows.map(fmtRow).join("\n")}`);
}

/**
 * One hat alone on a transparent SIZE x SIZE canvas (design index 0–23, view 1–3): the cut-out
 * bench and tests put it on busy backgrounds and know the true mask from its alpha.
 */
export function bareHatSvg(designIndex: number, viewK: 1 | 2 | 3): string {
  const d = HAT_DESIGNS[designIndex];
  const view = VIEWS.find((v) => v.k === viewK);
  if (!d || !view) throw new Error(`No hat design ${designIndex} or view ${viewK}`);
  return renderSvg(d, buildModel(d, designIndex + 1), view, true);
}

// Run as a script (not when imported for bareHatSvg).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
