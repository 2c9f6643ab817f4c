import type { Backdrop, View } from "./engine.ts";

/** The five views SPEC 9 expects from a remote model, in the order they are asked for and shown. */
export const remoteViews = ["side", "three-quarter", "top", "flat-lay", "details"] as const satisfies readonly View[];

const viewWords: Record<View, string> = {
  studio: "a studio photo",
  side: "a side view",
  "three-quarter": "a three-quarter view",
  top: "a top view",
  "flat-lay": "a flat lay",
  details: "a close-up of the details (weave, stitching, band)",
};

const backdropWords = (backdrop: Backdrop): string =>
  backdrop === "white"
    ? "a seamless pure white backdrop"
    : backdrop === "paper"
      ? "a warm off-white paper backdrop"
      : backdrop === "grey"
        ? "a light grey backdrop"
        : backdrop === "gradient"
          ? "a soft light gradient backdrop"
          : `a plain backdrop in the colour ${backdrop}`;

/** One line about a view, for the prompt of a single photo. */
export const viewPhrase = (view: View): string => viewWords[view];

/**
 * What a generative model is asked for: the same hat as in the reference photos, its name and
 * description, the staff's style hint, the backdrop and the five catalogue views. Kept to about
 * 600 words as Seedream advises; the description is cut first.
 */
export function buildPrompt(input: { productName: string; productDescription: string; styleHint: string; backdrop: Backdrop }): string {
  const name = input.productName.trim() || "the hat";
  const description = input.productDescription.trim().replace(/\s+/g, " ").slice(0, 600);
  const views = remoteViews.map((v, i) => `${i + 1}) ${viewWords[v]}`).join(", ");
  return [
    `Product photos of ${name}, a handmade hat, exactly as it appears in the reference photos: keep its shape, weave, colour and trim.`,
    description ? `About the hat: ${description}` : "",
    `Style: ${input.styleHint.trim() || "clean studio lighting"}.`,
    `Background: ${backdropWords(input.backdrop)}, no props, no people, no text.`,
    `Make ${remoteViews.length} images: ${views}.`,
  ]
    .filter(Boolean)
    .join(" ");
}
