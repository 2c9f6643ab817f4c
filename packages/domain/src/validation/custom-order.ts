import { referenceUploadLimits } from "@workshop/domain/uploads.ts";
import { z } from "zod";
import { hatTypes, materials, timelines } from "../custom-order-choices.ts";
import { email, oneOf, optionalText, requiredText } from "./fields.ts";

// The choices live apart from the schema, so that a page can list them without loading zod.
export { hatTypes, materials, timelines };

/** An id POST /api/custom-orders/uploads answered: 32 random base64url characters. */
const photoId = z.string().regex(/^[A-Za-z0-9_-]{32}$/, { error: "photo" });

/**
 * The custom order request (SPEC 3 and 5), one schema for the page's form, its action and
 * POST /api/custom-orders. Required: name, email, hatType, material, size, details, timeline;
 * optional: phone, color, budget and up to three reference photos (the upload's ids).
 */
export const customOrderSchema = z.object({
  name: requiredText(100),
  email,
  phone: optionalText(40),
  hatType: oneOf(hatTypes),
  material: oneOf(materials),
  size: requiredText(60),
  color: optionalText(100),
  details: requiredText(5000),
  budget: optionalText(100),
  timeline: oneOf(timelines),
  referenceImages: z
    .array(photoId, { error: "photo" })
    .max(referenceUploadLimits.maxFiles, { error: "photos" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "photo" })
    .optional()
    .default([]),
});

export type CustomOrderInput = z.infer<typeof customOrderSchema>;
export type CustomOrderField = keyof CustomOrderInput;

/** Staff's Admin Notes on a request are at most this long (a textarea's worth). */
export const adminNotesMax = 10_000;
