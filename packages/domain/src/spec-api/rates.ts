import { z } from "zod";

/** GET /api/rates/usd-idr (SPEC section 7): IDR per USD from the rate source, its one-hour cache or the default rate. */
export const usdIdrRateAnswer = z.object({
  rate: z.number(),
  /** The same rate as text, two decimals: "16777.30". */
  rateText: z.string(),
  base: z.literal("USD"),
  quote: z.literal("IDR"),
  source: z.enum(["live", "cache", "fallback"]),
  /** True when the default rate was used (the source failed or is not configured). */
  fallback: z.boolean(),
  /** When the rate was read from the source; for the default, when it was answered. */
  fetchedAt: z.string(),
});
