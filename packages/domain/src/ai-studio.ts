import { z } from "zod";

/**
 * The studio-photo request (SPEC 7 `POST /api/ai/enhance-product-images`), shared by the admin's
 * panel (its choices and limits) and the server (the real check). The panel's texts are in the
 * console's i18n/ai-studio.ts (SPEC 8's verbatim in English).
 */
export const MAX_REFERENCE_PHOTOS = 10;
export const MAX_STUDIO_SIDE = 2048;
/** Seedream makes at least 1280×720 pixels in all: a 1080 long side keeps both shapes above that. */
export const MIN_STUDIO_SIDE = 1080;
export const DEFAULT_STYLE_HINT = "clean studio lighting, gentle shadows, premium fashion catalog look";
/** SPEC 4: the panel asks for the job's state this often. */
export const POLL_EVERY_MS = 3000;

export const backgrounds = ["white", "paper", "grey", "gradient"] as const;

/** The views a studio photo can show: `studio` (one per reference photo, the local engine's) and SPEC 9's five. */
export const studioViews = ["studio", "side", "three-quarter", "top", "flat-lay", "details"] as const;

/**
 * What the engine in use makes and reads (GET /api/admin/studio-jobs `engine`): the panel offers only
 * that. The local engine makes a studio photo per reference photo and a close-up, and reads neither
 * the style hint nor sequential mode (it draws nothing); a remote image model makes the five views.
 */
export const studioEngineSchema = z.object({
  name: z.enum(["local", "remote"]),
  views: z.array(z.enum(studioViews)),
  /** Whether it can make the views as one coherent series (`sequentialMode`). */
  sequentialMode: z.boolean(),
  /** Whether the style hint reaches it (a generative model's prompt). */
  styleHint: z.boolean(),
});
export type StudioEngine = z.infer<typeof studioEngineSchema>;
type StudioSize = "square" | "portrait";

/** Width and height of a size choice: square, or 4:5 portrait, the long side at most MAX_STUDIO_SIDE. */
export function dimensionsOf(size: StudioSize, longSide: number = MAX_STUDIO_SIDE): { width: number; height: number } {
  const side = Math.min(Math.max(Math.round(longSide), MIN_STUDIO_SIDE), MAX_STUDIO_SIDE);
  return size === "square" ? { width: side, height: side } : { width: Math.round((side * 4) / 5), height: side };
}

const enhancerMessages = {
  noPhotos: "Add at least one reference photo.",
} as const;

const text = (max: number) => z.string().max(max).default("");

export const enhanceRequestSchema = z.strictObject({
  imageUrls: z.array(z.string().min(1).max(2048)).min(1, enhancerMessages.noPhotos).max(50),
  productName: text(200),
  productDescription: text(5000),
  styleHint: z.string().trim().max(500).default(DEFAULT_STYLE_HINT),
  /** A named backdrop or a colour `#rrggbb`. */
  background: z.union([z.enum(backgrounds), z.string().regex(/^#[0-9a-f]{6}$/i, "must be a colour #rrggbb")]).default("white"),
  /** `square` or `portrait` (4:5), or `WxH` in pixels of one of those shapes, each side at most 2048. */
  size: z
    .string()
    .default("square")
    .refine((s) => parseSize(s) !== null, "must be square, portrait or WxH (1:1 or 4:5, the long side 1080 to 2048 px)"),
  sequentialMode: z.boolean().default(true),
  watermark: z.boolean().default(false),
  /** Extra: the product the photos are for (absent for a product not saved yet). */
  productId: z.number().int().positive().optional(),
});

export type EnhanceRequest = z.infer<typeof enhanceRequestSchema>;

/** The pixel size a request's `size` asks for, or null when it is none the shop makes. */
export function parseSize(size: string): { width: number; height: number } | null {
  if (size === "square" || size === "portrait") return dimensionsOf(size);
  const m = /^(\d{3,4})x(\d{3,4})$/.exec(size);
  if (!m) return null;
  const [width, height] = [Number(m[1]), Number(m[2])];
  if (width > MAX_STUDIO_SIDE || height > MAX_STUDIO_SIDE || Math.max(width, height) < MIN_STUDIO_SIDE) return null;
  // 4:5 within rounding (2048 high is 1638.4 wide).
  if (width !== height && Math.abs(width * 5 - height * 4) > 4) return null;
  return { width, height };
}

/** What GET answers (SPEC 7 plus the extras the panel shows); the console checks it with this schema. */
export const enhanceStatusSchema = z.object({
  jobId: z.string(),
  status: z.enum(["queued", "PROCESSING", "COMPLETED", "FAILED"]),
  resultImages: z.array(z.string()),
  prompt: z.string(),
  error: z.string().nullable(),
  engine: z.enum(["local", "remote"]).nullable(),
  summary: z.string().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  sourceCount: z.number().int(),
  sources: z.array(z.string()),
  results: z.array(
    z.object({
      id: z.number().int(),
      url: z.string(),
      pathname: z.string(),
      view: z.string(),
      sourceIndex: z.number().int().nullable(),
      state: z.enum(["new", "added", "discarded"]),
    }),
  ),
  createdAt: z.string(),
});
export type EnhanceStatus = z.infer<typeof enhanceStatusSchema>;

const resultStates = ["new", "added", "discarded"] as const;

/** POST /api/ai/enhance-product-images/results/:id: a studio photo added to the product, discarded, or put back. */
export const enhanceResultRequest = z.strictObject({ state: z.enum(resultStates) });
export const enhanceResultAnswer = z.object({ id: z.number().int(), state: z.enum(resultStates) });
