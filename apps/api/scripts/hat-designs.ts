/**
 * The 24 hat designs drawn by scripts/make-hat-images.ts.
 * Entry NN is pictured in src/db/seed/images/hat-NN-1.webp (3/4 front),
 * hat-NN-2.webp (side profile) and hat-NN-3.webp (from above, shows weave and band).
 * Keep this list in step with the product catalogue seed.
 */

type HatStyle =
  | "fedora"
  | "panama"
  | "trilby"
  | "porkpie"
  | "boater"
  | "sun hat"
  | "beach hat"
  | "wide brim"
  | "bucket"
  | "cowboy"
  | "cloche";

export type HatMaterial = "straw weave" | "fine straw" | "woven palm leaf" | "raffia" | "felt" | "fabric";

/** Crown silhouette: pinch = teardrop fedora crown, telescope = flat porkpie top with a ring crease. */
export type CrownShape = "pinch" | "cowboy" | "flat" | "telescope" | "dome" | "bucket" | "bell";

/** How the brim bends: snap = down in front / up at back, curl = cowboy sides rolled up. */
type BrimShape = "flat" | "snap" | "upturned" | "droop" | "floppy" | "down" | "bell" | "curl";

export type BandKind = "ribbon" | "striped" | "leather" | "woven" | "beaded" | "stitched";

/** Small ornament on the wearer's left side of the band. */
type BandDetail = "none" | "bow" | "shells" | "feather" | "concho";

type Swatch = { name: string; hex: string };

export type HatDesign = {
  nn: string;
  style: HatStyle;
  material: HatMaterial;
  colour: Swatch;
  crown: CrownShape;
  crownHeightCm: number;
  brim: BrimShape;
  brimCm: number;
  band: { kind: BandKind; colour: Swatch; accent: string; detail: BandDetail; heightCm: number };
  /** Studio paper colour behind the hat. */
  background: string;
};

const s = (name: string, hex: string): Swatch => ({ name, hex });

export const HAT_DESIGNS: readonly HatDesign[] = [
  {
    nn: "01",
    style: "panama",
    material: "fine straw",
    colour: s("natural ivory", "#e6d3a3"),
    crown: "pinch",
    crownHeightCm: 11.5,
    brim: "snap",
    brimCm: 6.5,
    band: { kind: "ribbon", colour: s("black grosgrain", "#1c1c1f"), accent: "#1c1c1f", detail: "bow", heightCm: 3.2 },
    background: "#efe6d6",
  },
  {
    nn: "02",
    style: "fedora",
    material: "felt",
    colour: s("black", "#222226"),
    crown: "pinch",
    crownHeightCm: 12,
    brim: "snap",
    brimCm: 6,
    band: { kind: "leather", colour: s("cognac leather", "#8c4a1f"), accent: "#d9b27a", detail: "none", heightCm: 2.4 },
    background: "#dcdfe2",
  },
  {
    nn: "03",
    style: "trilby",
    material: "felt",
    colour: s("camel", "#b58553"),
    crown: "pinch",
    crownHeightCm: 10.5,
    brim: "snap",
    brimCm: 4.2,
    band: { kind: "ribbon", colour: s("chocolate ribbon", "#45291b"), accent: "#45291b", detail: "bow", heightCm: 2.8 },
    background: "#f1ebe1",
  },
  {
    nn: "04",
    style: "boater",
    material: "straw weave",
    colour: s("bleached straw", "#f0e8d2"),
    crown: "flat",
    crownHeightCm: 8,
    brim: "flat",
    brimCm: 6.5,
    band: { kind: "striped", colour: s("navy & cream stripe", "#1f2b4d"), accent: "#efe8d6", detail: "none", heightCm: 3.4 },
    background: "#d9e3ec",
  },
  {
    nn: "05",
    style: "sun hat",
    material: "raffia",
    colour: s("natural raffia", "#d8bc86"),
    crown: "dome",
    crownHeightCm: 10,
    brim: "floppy",
    brimCm: 13,
    band: { kind: "ribbon", colour: s("cream cotton", "#efe4cc"), accent: "#efe4cc", detail: "shells", heightCm: 3 },
    background: "#f1dfd8",
  },
  {
    nn: "06",
    style: "bucket",
    material: "fabric",
    colour: s("sage", "#93a184"),
    crown: "bucket",
    crownHeightCm: 8,
    brim: "down",
    brimCm: 5.5,
    band: { kind: "stitched", colour: s("sage (stitched)", "#93a184"), accent: "#dfe3d2", detail: "none", heightCm: 2.6 },
    background: "#efeee8",
  },
  {
    nn: "07",
    style: "cowboy",
    material: "woven palm leaf",
    colour: s("dark palm", "#6a4a2f"),
    crown: "cowboy",
    crownHeightCm: 12,
    brim: "curl",
    brimCm: 9,
    band: { kind: "leather", colour: s("dark brown leather", "#3a2418"), accent: "#c8a777", detail: "concho", heightCm: 2.2 },
    background: "#f0dccb",
  },
  {
    nn: "08",
    style: "cloche",
    material: "felt",
    colour: s("terracotta", "#b0563a"),
    crown: "bell",
    crownHeightCm: 11,
    brim: "bell",
    brimCm: 4,
    band: { kind: "ribbon", colour: s("cream ribbon", "#ede1c9"), accent: "#ede1c9", detail: "bow", heightCm: 2.6 },
    background: "#efe6d8",
  },
  {
    nn: "09",
    style: "porkpie",
    material: "felt",
    colour: s("navy", "#243352"),
    crown: "telescope",
    crownHeightCm: 8.5,
    brim: "upturned",
    brimCm: 4.5,
    band: { kind: "woven", colour: s("tan woven", "#b08a5a"), accent: "#5c3d24", detail: "none", heightCm: 2.4 },
    background: "#dfe4e9",
  },
  {
    nn: "10",
    style: "beach hat",
    material: "woven palm leaf",
    colour: s("pandan natural", "#cbb07a"),
    crown: "dome",
    crownHeightCm: 9,
    brim: "floppy",
    brimCm: 15,
    band: { kind: "beaded", colour: s("turquoise beads", "#2a9a92"), accent: "#e5542f", detail: "none", heightCm: 2.4 },
    background: "#d8ebe8",
  },
  {
    nn: "11",
    style: "wide brim",
    material: "felt",
    colour: s("olive", "#5d6237"),
    crown: "pinch",
    crownHeightCm: 12,
    brim: "flat",
    brimCm: 9.5,
    band: { kind: "leather", colour: s("brown leather", "#5a3822"), accent: "#2f2a26", detail: "feather", heightCm: 2.2 },
    background: "#ece8dc",
  },
  {
    nn: "12",
    style: "panama",
    material: "fine straw",
    colour: s("bleached straw", "#f2ebd8"),
    crown: "telescope",
    crownHeightCm: 9,
    brim: "upturned",
    brimCm: 5,
    band: { kind: "ribbon", colour: s("terracotta ribbon", "#9a4a2e"), accent: "#9a4a2e", detail: "none", heightCm: 3 },
    background: "#e2e9de",
  },
  {
    nn: "13",
    style: "sun hat",
    material: "raffia",
    colour: s("sage raffia", "#a4ad87"),
    crown: "dome",
    crownHeightCm: 10,
    brim: "droop",
    brimCm: 11,
    band: { kind: "woven", colour: s("natural woven", "#d8c096"), accent: "#8a6a44", detail: "none", heightCm: 2.6 },
    background: "#f4eee2",
  },
  {
    nn: "14",
    style: "cowboy",
    material: "straw weave",
    colour: s("bleached straw", "#ebe0c3"),
    crown: "cowboy",
    crownHeightCm: 12.5,
    brim: "curl",
    brimCm: 10,
    band: { kind: "beaded", colour: s("black & white beads", "#222222"), accent: "#ede7d6", detail: "none", heightCm: 2.2 },
    background: "#dde5ec",
  },
  {
    nn: "15",
    style: "bucket",
    material: "raffia",
    colour: s("natural raffia", "#d1b07b"),
    crown: "bucket",
    crownHeightCm: 8,
    brim: "down",
    brimCm: 6,
    band: { kind: "leather", colour: s("tan leather", "#a5683a"), accent: "#e8d2a8", detail: "none", heightCm: 2 },
    background: "#f3e3dc",
  },
  {
    nn: "16",
    style: "boater",
    material: "straw weave",
    colour: s("natural straw", "#d7b574"),
    crown: "flat",
    crownHeightCm: 8.5,
    brim: "flat",
    brimCm: 7,
    band: { kind: "striped", colour: s("black & cream stripe", "#161616"), accent: "#efe6cf", detail: "none", heightCm: 3.4 },
    background: "#ebe3d3",
  },
  {
    nn: "17",
    style: "fedora",
    material: "felt",
    colour: s("chocolate", "#4a2f20"),
    crown: "pinch",
    crownHeightCm: 12,
    brim: "snap",
    brimCm: 7,
    band: { kind: "ribbon", colour: s("black grosgrain", "#141414"), accent: "#141414", detail: "bow", heightCm: 3 },
    background: "#e7dfd2",
  },
  {
    nn: "18",
    style: "trilby",
    material: "woven palm leaf",
    colour: s("toasted palm", "#8e6539"),
    crown: "pinch",
    crownHeightCm: 10,
    brim: "snap",
    brimCm: 4.5,
    band: { kind: "ribbon", colour: s("black ribbon", "#1a1a1a"), accent: "#1a1a1a", detail: "none", heightCm: 2.6 },
    background: "#e4e4df",
  },
  {
    nn: "19",
    style: "wide brim",
    material: "felt",
    colour: s("cream", "#e4d7bd"),
    crown: "telescope",
    crownHeightCm: 10,
    brim: "flat",
    brimCm: 10,
    band: { kind: "leather", colour: s("black leather", "#1b1b1b"), accent: "#bdbdbd", detail: "concho", heightCm: 2 },
    background: "#d6dcd7",
  },
  {
    nn: "20",
    style: "beach hat",
    material: "straw weave",
    colour: s("honey straw", "#d9b66f"),
    crown: "dome",
    crownHeightCm: 9.5,
    brim: "floppy",
    brimCm: 15,
    band: { kind: "ribbon", colour: s("navy ribbon", "#22304f"), accent: "#22304f", detail: "bow", heightCm: 3 },
    background: "#dae7f0",
  },
  {
    nn: "21",
    style: "cloche",
    material: "straw weave",
    colour: s("caramel straw", "#c08f52"),
    crown: "bell",
    crownHeightCm: 11,
    brim: "bell",
    brimCm: 4.5,
    band: { kind: "ribbon", colour: s("sage ribbon", "#8c9a76"), accent: "#8c9a76", detail: "shells", heightCm: 2.6 },
    background: "#f2ece0",
  },
  {
    nn: "22",
    style: "panama",
    material: "fine straw",
    colour: s("natural", "#e0c994"),
    crown: "pinch",
    crownHeightCm: 12,
    brim: "flat",
    brimCm: 8.5,
    band: { kind: "leather", colour: s("brown leather", "#6b4226"), accent: "#7d5a3c", detail: "feather", heightCm: 2.2 },
    background: "#e8dfcd",
  },
  {
    nn: "23",
    style: "bucket",
    material: "fabric",
    colour: s("navy", "#2b3552"),
    crown: "bucket",
    crownHeightCm: 8,
    brim: "down",
    brimCm: 5,
    band: { kind: "stitched", colour: s("navy (stitched)", "#2b3552"), accent: "#c9cfdc", detail: "none", heightCm: 2.6 },
    background: "#e5e8ec",
  },
  {
    nn: "24",
    style: "cowboy",
    material: "felt",
    colour: s("black", "#1d1d20"),
    crown: "cowboy",
    crownHeightCm: 12,
    brim: "curl",
    brimCm: 9,
    band: { kind: "beaded", colour: s("silver & red beads", "#c4c4c4"), accent: "#8e2323", detail: "concho", heightCm: 2.2 },
    background: "#e6e0d6",
  },
];
