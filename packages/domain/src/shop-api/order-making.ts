import { z } from "zod";

/**
 * A made-for-the-order hat's making as its customer follows it on the order's private page
 * (docs/decisions/054-making-stages.md): the stages in the customer's language, done, current and
 * still to come, the days it should be ready and arrive, and what the workshop showed at each step
 * (its note for the customer and its photos, served only through the order's private link).
 * Dates are written in the customer's language, as the page shows them.
 */

/** A stage photo, through the order's private link: `url` full size, `thumbnailUrl` for the timeline. */
const customerMakingPhoto = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string(),
});

export const customerMaking = z.object({
  stages: z.array(
    z.object({
      name: z.string(),
      state: z.enum(["done", "current", "next"]),
      /** When the hat last reached it ('Dec 1, 2026 9:12 AM'); null for a stage to come. */
      reachedAt: z.string().nullable(),
    }),
  ),
  /** The hat reached the last stage: it is ready, and the order goes on as its delivery says. */
  ready: z.boolean(),
  /** The day it should be ready, then arrive by the order's delivery ('Tue, Dec 8'): recomputed as stages pass. */
  readyDay: z.string().nullable(),
  deliveryDay: z.string().nullable(),
  /** What the workshop showed the customer, newest first: the stage reached, when, its note and its photos. */
  updates: z.array(
    z.object({
      id: z.number().int(),
      stage: z.string(),
      /** The making began, went on, or went back to an earlier stage to be done again. */
      direction: z.enum(["start", "forward", "back"]),
      at: z.string(),
      note: z.string().nullable(),
      photos: z.array(customerMakingPhoto),
    }),
  ),
  /** The customer stopped the e-mails about the stages (the order's own e-mails still come). */
  stageMailsStopped: z.boolean(),
});
export type CustomerMaking = z.infer<typeof customerMaking>;
