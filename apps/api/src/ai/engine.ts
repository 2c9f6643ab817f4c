import type { backgrounds, StudioEngine, studioViews } from "@workshop/domain/ai-studio.ts";
/**
 * The seam between an enhancement job and whatever makes the studio photos: the local engine
 * (background removal and sharp compositing on this machine, src/ai/local/) or a remote image
 * model (src/ai/remote/). A job fetches and checks the reference photos, builds the prompt, calls
 * `run`, and stores what comes back.
 */

/** Backdrops staff can choose: named ones, or a colour as `#rrggbb`. */
export type Backdrop = (typeof backgrounds)[number] | `#${string}`;

/** The views a photo can show; a local engine makes `studio` (one per source) and `details`. */
export type View = (typeof studioViews)[number];

export type EngineInput = {
  /** 1–10 reference photos, already fetched from the shop's own storage and decoded within the upload limits. */
  photos: { bytes: Buffer }[];
  /** What a generative model is asked for (built by the job from name, description and style hint). */
  prompt: string;
  productName: string;
  productDescription: string;
  styleHint: string;
  backdrop: Backdrop;
  /** Output size in pixels, each side at most 2048 (square or 4:5). */
  width: number;
  height: number;
  /** Ask a remote model for a coherent series (Seedream's sequential_image_generation). */
  sequentialMode: boolean;
  /** Text to mark each photo with (the shop's name), or null for none. */
  watermark: string | null;
  /** Called as photos are finished: done of total. */
  onProgress: (done: number, total: number) => void | Promise<void>;
  signal: AbortSignal;
};

export type EngineImage = {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png" | "image/webp";
  view: View;
  /** Index into `photos` of the photo it was made from, or null when the engine drew it from all. */
  sourceIndex: number | null;
};

export type EngineResult = {
  images: EngineImage[];
  /** One line for staff about what ran and what it made (shown in the panel). */
  summary: string;
};

export type Engine = {
  readonly name: StudioEngine["name"];
  /** What it makes and which of staff's choices reach it: the console offers only these. */
  readonly offers: Omit<StudioEngine, "name">;
  run(input: EngineInput): Promise<EngineResult>;
  /** Frees the model, worker or sockets (tests, shutdown). */
  close(): Promise<void>;
};
