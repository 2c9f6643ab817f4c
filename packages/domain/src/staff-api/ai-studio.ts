import { z } from "zod";
import { enhanceStatusSchema, studioEngineSchema } from "../ai-studio.ts";

/**
 * The staff console's AI studio panel (`/api/admin/studio-jobs`, and the answers of the studio
 * endpoints it writes to, SPEC 7 `/api/ai/enhance-product-images`). A job has SPEC 7's shape plus
 * the panel's extras (ai-studio.ts `enhanceStatusSchema`).
 */

/**
 * GET /api/admin/studio-jobs?product=<id>: the jobs a product's panel lists, newest first; without
 * `product`, the signed-in person's own jobs of the last day made for a product not saved yet.
 */
export const studioJobsRequest = z.object({
  product: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, "must be a product id (a whole number from 1)")
    .transform(Number)
    .optional(),
});
export type StudioJobsRequest = z.infer<typeof studioJobsRequest>;

/** The jobs, and what the engine in use makes (the panel offers only that). */
export const studioJobsAnswer = z.object({ jobs: z.array(enhanceStatusSchema), engine: studioEngineSchema });
export type StudioJobsAnswer = z.infer<typeof studioJobsAnswer>;

/** POST /api/ai/enhance-product-images: the queued job (SPEC 7) and how many addresses over ten were left out. */
export const studioJobQueuedAnswer = z.object({
  jobId: z.string(),
  status: z.literal("queued"),
  prompt: z.string(),
  sourceCount: z.number().int(),
  cutOff: z.number().int(),
});

/** POST /api/ai/enhance-product-images/results/:id {state}: the studio photo's new state. */
const studioResultStates = ["new", "added", "discarded"] as const;
export const studioResultAnswer = z.object({ id: z.number().int(), state: z.enum(studioResultStates) });

/** POST /api/uploads (multipart `files`): one stored photo per file, its storage key in `pathname`. */
export const uploadedPhotosAnswer = z.array(z.object({ url: z.string(), pathname: z.string() }));
