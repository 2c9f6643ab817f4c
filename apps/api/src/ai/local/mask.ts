/**
 * Cleans the model's soft mask before it cuts the hat out: a hat is one solid object, so only the
 * largest connected region is kept (specks of a busy background go) and small enclosed holes are
 * filled (a shiny band or a gap in the weave the model read as background). The soft edge stays.
 */
export type MaskCleaning = {
  /** A pixel belongs to the hat at or above this value (0–255). */
  threshold: number;
  /** Keep only the largest region. */
  largestRegion: boolean;
  /** Fill enclosed holes smaller than this share of the hat's area (0 = none). */
  maxHoleShare: number;
  /**
   * Cut bridges thinner than 2r+1 pixels before choosing the largest region (a morphological
   * opening), so a pin or a straw lying against the brim does not come along; the hat's own pixels
   * near the kept core are restored afterwards. 0 = off.
   */
  openRadius: number;
};

export const DEFAULT_CLEANING: MaskCleaning = { threshold: 128, largestRegion: true, maxHoleShare: 0.02, openRadius: 5 };

/** Labels 4-connected regions of `on` pixels; returns labels (0 = off) and the size of each label. */
function regions(on: Uint8Array, width: number): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(on.length);
  const sizes = [0];
  const stack = new Int32Array(on.length);
  for (let start = 0; start < on.length; start++) {
    if (!on[start] || labels[start]) continue;
    const label = sizes.length;
    let size = 0,
      top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const p = stack[--top]!;
      size++;
      const x = p % width;
      const neighbours = [
        x > 0 ? p - 1 : -1,
        x < width - 1 ? p + 1 : -1,
        p >= width ? p - width : -1,
        p + width < on.length ? p + width : -1,
      ];
      for (const q of neighbours) {
        if (q >= 0 && on[q] && !labels[q]) {
          labels[q] = label;
          stack[top++] = q;
        }
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

export function cleanMask(soft: Uint8Array, width: number, height: number, cleaning: MaskCleaning = DEFAULT_CLEANING): Uint8Array {
  const on = new Uint8Array(soft.length);
  for (let i = 0; i < soft.length; i++) on[i] = soft[i]! >= cleaning.threshold ? 1 : 0;
  const out = Uint8Array.from(soft);
  // Holes first, so the opening below does not eat the hat from the inside.
  if (cleaning.maxHoleShare > 0) {
    let area = 0;
    for (const v of on) area += v;
    const off = new Uint8Array(on.length);
    for (let i = 0; i < on.length; i++) off[i] = on[i] ? 0 : 1;
    const { labels, sizes } = regions(off, width);
    const touchesEdge = new Set<number>();
    for (let x = 0; x < width; x++) touchesEdge.add(labels[x]!).add(labels[(height - 1) * width + x]!);
    for (let y = 0; y < height; y++) touchesEdge.add(labels[y * width]!).add(labels[y * width + width - 1]!);
    for (let i = 0; i < out.length; i++) {
      const l = labels[i]!;
      if (l > 0 && !touchesEdge.has(l) && sizes[l]! <= cleaning.maxHoleShare * area) {
        out[i] = 255;
        on[i] = 1;
      }
    }
  }
  if (cleaning.largestRegion) {
    const r = cleaning.openRadius;
    const core = r > 0 ? dilate(erode(on, width, height, r), width, height, r) : on;
    const { labels, sizes } = regions(core, width);
    let best = 0;
    for (let l = 1; l < sizes.length; l++) if (sizes[l]! > (sizes[best] ?? 0)) best = l;
    let keep: Uint8Array = new Uint8Array(on.length);
    for (let i = 0; i < on.length; i++) keep[i] = labels[i] === best && best > 0 ? 1 : 0;
    if (r > 0) {
      // Back to the hat's real outline near the core: corners the opening rounded, short stubs.
      const grown = dilate(keep, width, height, r + 1);
      for (let i = 0; i < on.length; i++) grown[i] = grown[i]! & on[i]!;
      keep = grown;
    }
    // Soft pixels just outside the kept region stay (the anti-aliased edge); everything else goes.
    const near = dilate(keep, width, height, 2);
    for (let i = 0; i < out.length; i++) if (!near[i]) out[i] = 0;
  }
  return out;
}

function erode(on: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const off = new Uint8Array(on.length);
  for (let i = 0; i < on.length; i++) off[i] = on[i] ? 0 : 1;
  const grown = dilate(off, width, height, radius);
  for (let i = 0; i < on.length; i++) off[i] = grown[i] ? 0 : 1;
  return off;
}

function dilate(on: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  let cur = on;
  for (let r = 0; r < radius; r++) {
    const next = Uint8Array.from(cur);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        if (cur[p]) continue;
        if ((x > 0 && cur[p - 1]) || (x < width - 1 && cur[p + 1]) || (y > 0 && cur[p - width]) || (y < height - 1 && cur[p + width]))
          next[p] = 1;
      }
    }
    cur = next;
  }
  return cur;
}

/** Intersection over union of two masks thresholded at 128 (the bench's and tests' measure). */
export function maskIou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0,
    union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! >= 128,
      y = b[i]! >= 128;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union === 0 ? 1 : inter / union;
}
