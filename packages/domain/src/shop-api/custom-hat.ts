import { z } from "zod";

/**
 * A custom hat as its customer's checkout and order pages show it (decision 049): the request's
 * size as the customer wrote or chose it, the quote's production time, and a picture.
 */
export const customHatAnswer = z.object({
  /** The request's size as it was sent ('58 cm', 'M'): shown as it is. */
  size: z.string(),
  /** The quote's production time as the workshop set it ('3-4 weeks'); the pages word it in their language. */
  productionTime: z.string(),
  /**
   * The request's first reference photo, by a signed link that works for an hour (the page that
   * got it is the customer's own); else a catalogue photo (a media key) of a hat of the same kind.
   */
  picture: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("reference"), url: z.string() }),
    z.object({ kind: z.literal("catalogue"), key: z.string() }),
  ]),
});
export type CustomHatAnswer = z.infer<typeof customHatAnswer>;
