import { z } from "zod";
import { refundStates, returnKinds } from "./refunds.ts";

/**
 * The parts of an order's refunds answer that the SPEC's API and the console's share; each gives
 * its own date type (the SPEC's reads dates as Date, the console's keeps ISO strings).
 */

/** The order's money: what its payments took, what went back, what is left, and its refund state. */
export const orderMoneyAnswer = z.object({
  state: z.enum(refundStates).nullable(),
  paidAmount: z.number(),
  paidUsdCents: z.number().int(),
  refundedAmount: z.number(),
  refundedUsdCents: z.number().int(),
  leftUsdCents: z.number().int(),
  /** Gone back beyond what the payments took: a refund Xendit reported failed that succeeded after its amount was refunded again. */
  overRefundedUsdCents: z.number().int(),
});

/** Whether the hat may be recorded as returned, what that proposes to refund, and the return once recorded. */
export function orderReturnsAnswer<D extends z.ZodType>(date: D) {
  const proposal = z.object({ feeCents: z.number().int(), cents: z.number().int() });
  return z.object({
    recorded: z
      .object({
        kind: z.enum(returnKinds),
        note: z.string(),
        windowStart: date.nullable(),
        late: z.boolean(),
        feeCents: z.number().int(),
        proposedCents: z.number().int(),
        actor: z.string(),
        createdAt: date,
        /** A refund was made since it was recorded: its proposal is no longer what a refund form fills in. */
        refundedSince: z.boolean(),
      })
      .nullable(),
    /** not-delivered, already-returned, or null when a return may be recorded. */
    refusal: z.string().nullable(),
    /** A custom hat: returned only for a defect. */
    custom: z.boolean(),
    /** The day the 14 days count from (delivered, picked up, else shipped), and whether they have passed. */
    windowStart: date.nullable(),
    late: z.boolean(),
    proposals: z.object({ RETURN: proposal, DEFECT: proposal }),
  });
}
