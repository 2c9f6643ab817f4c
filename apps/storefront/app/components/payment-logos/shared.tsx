import type { ReactNode } from "react";

/** One drawn logo: the brand name (the SVG's aria-label) and its art in a 64×40 viewBox. */
export type LogoDrawing = { name: string; art: ReactNode };

const W = 64;
const H = 40;
const R = 6;

const FONT = "Arial, Helvetica, sans-serif";

/** Advance widths of Arial Bold (per 1000 em), to size wordmarks without measuring. */
const ADVANCE: Record<string, number> = {
  " ": 278,
  "-": 333,
  ".": 278,
  i: 278,
  j: 278,
  l: 278,
  I: 278,
  f: 333,
  t: 333,
  r: 389,
  z: 500,
  m: 889,
  M: 833,
  w: 778,
  W: 944,
};
const WIDE_LOWER = "bdghnopqu"; // 611
const CAPS: Record<string, number> = {
  A: 722,
  B: 722,
  C: 722,
  D: 722,
  E: 667,
  F: 611,
  G: 778,
  H: 722,
  J: 556,
  K: 722,
  L: 611,
  N: 722,
  O: 778,
  P: 667,
  Q: 778,
  R: 722,
  S: 667,
  T: 611,
  U: 722,
  V: 667,
  X: 667,
  Y: 667,
  Z: 611,
};

function advance(ch: string): number {
  return ADVANCE[ch] ?? CAPS[ch] ?? (WIDE_LOWER.includes(ch) ? 611 : 556);
}

/** Width of `text` in Arial Bold at `size` user units. */
function textWidth(text: string, size: number, letterSpacing = 0): number {
  let sum = 0;
  for (const ch of text) sum += advance(ch);
  return (sum * size) / 1000 + letterSpacing * Math.max(0, text.length - 1);
}

type WordProps = {
  text: string;
  /** Horizontal anchor point (the middle unless `anchor` says otherwise). */
  x?: number;
  /** Vertical centre of the capital letters. */
  cy: number;
  size: number;
  fill: string;
  anchor?: "start" | "middle" | "end";
  /** Never wider than this; squeezes the glyphs a little if it must. */
  maxWidth?: number;
  letterSpacing?: number;
  italic?: boolean;
};

/**
 * A bold wordmark. Its width is pinned (textLength) to what Arial would draw, so it fits the tile
 * the same way whichever sans-serif the browser falls back to.
 */
export function Word({ text, x = W / 2, cy, size, fill, anchor = "middle", maxWidth, letterSpacing = 0, italic }: WordProps) {
  const natural = textWidth(text, size, letterSpacing);
  const width = Math.min(natural, maxWidth ?? natural);
  return (
    <text
      x={x}
      y={round(cy + size * 0.358)}
      fill={fill}
      fontFamily={FONT}
      fontSize={size}
      fontWeight={700}
      fontStyle={italic ? "italic" : undefined}
      letterSpacing={letterSpacing || undefined}
      textAnchor={anchor}
      textLength={round(width)}
      lengthAdjust="spacingAndGlyphs"
    >
      {text}
    </text>
  );
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The rounded card the logo sits on; light tiles get a hairline border. */
export function Tile({ fill, border }: { fill: string; border?: string }) {
  return border ? (
    <rect x={0.5} y={0.5} width={W - 1} height={H - 1} rx={R - 0.5} fill={fill} stroke={border} strokeWidth={1} />
  ) : (
    <rect width={W} height={H} rx={R} fill={fill} />
  );
}

/**
 * The tile's shape from its top edge down to `bottom` (rounded top corners, square bottom), to
 * paint horizontal bands over a tile; `border` outlines its top and sides like a light tile's.
 */
export function TopOfTile({ bottom, fill, border }: { bottom: number; fill: string; border?: string }) {
  const r = R - 0.5;
  return (
    <>
      <path d={`M0 ${R}A${R} ${R} 0 0 1 ${R} 0H${W - R}A${R} ${R} 0 0 1 ${W} ${R}V${bottom}H0Z`} fill={fill} />
      {border && (
        <path
          d={`M0.5 ${bottom}V${R}A${r} ${r} 0 0 1 ${R} 0.5H${W - R}A${r} ${r} 0 0 1 ${W - 0.5} ${R}V${bottom}`}
          fill="none"
          stroke={border}
        />
      )}
    </>
  );
}

/** A classical bank building (pediment, columns, steps) in a 24×24 box at (x, y), scaled. */
export function BankBuilding({ x, y, scale = 1, fill }: { x: number; y: number; scale?: number; fill: string }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`} fill={fill}>
      <path d="M12 2 22.5 7.5V9h-21V7.5z" />
      <rect x={4} y={10.5} width={2.6} height={7.5} />
      <rect x={8.5} y={10.5} width={2.6} height={7.5} />
      <rect x={12.9} y={10.5} width={2.6} height={7.5} />
      <rect x={17.4} y={10.5} width={2.6} height={7.5} />
      <rect x={2.5} y={19} width={19} height={1.8} />
      <rect x={1.5} y={21.3} width={21} height={1.7} />
    </g>
  );
}

/** A payment card's contact chip, w×h at (x, y). */
export function Chip({ x, y, w = 10, h = 8, fill, line }: { x: number; y: number; w?: number; h?: number; fill: string; line: string }) {
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} rx={1.6} fill={fill} />
      <path
        d={`M${x} ${y + h / 3}h${w / 3}M${x} ${y + (2 * h) / 3}h${w / 3}M${x + w} ${y + h / 3}h${-w / 3}M${x + w} ${y + (2 * h) / 3}h${-w / 3}M${x + w / 3} ${y}v${h}M${x + (2 * w) / 3} ${y}v${h}`}
        stroke={line}
        strokeWidth={0.6}
        fill="none"
      />
    </g>
  );
}
