import { z } from "zod";

/**
 * The USD to IDR rate as staff see it (GET /api/admin/exchange-rate): the rate prices use, and a
 * reading of the rate source held back because it jumped more than 20 % from it, which is taken
 * when staff confirm it (POST /api/admin/exchange-rate/confirm) or at `takenAt` if it holds.
 */
export const exchangeRateAnswer = z.object({
  rate: z.string(),
  since: z.string(),
  held: z.object({ rate: z.string(), since: z.string(), takenAt: z.string() }).nullable(),
});
export type ExchangeRateAnswer = z.infer<typeof exchangeRateAnswer>;

/** The held-back rate staff were shown, so a newer reading is never confirmed unseen. */
export const exchangeRateConfirmRequest = z.object({
  rate: z.string().regex(/^\d{4,6}\.\d{2}$/, "a rate with two decimals, e.g. 16777.30"),
});
