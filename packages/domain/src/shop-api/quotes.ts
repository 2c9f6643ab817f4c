import { z } from "zod";
import { quoteStates } from "../custom-quote.ts";

/**
 * A custom hat's quote as its private page shows it (`/api/shop/quotes/:token`, decision 026):
 * found by its unguessable token only; no staff names, no order secrets. Amounts in US cents as
 * the API computed them.
 */

/** GET /api/shop/quotes/:token: the quote (404 for an unknown token, counted against the caller's unknown links). */
export const quotePageAnswer = z.object({
  /** The custom request's number (#C…). */
  requestId: z.number().int(),
  /** The customer's name, as they gave it. */
  name: z.string(),
  version: z.number().int(),
  description: z.string(),
  priceCents: z.number().int(),
  /** Paid now, on accepting. */
  depositCents: z.number().int(),
  /** Paid when the hat is ready: the rest of the price. */
  balanceCents: z.number().int(),
  /** As the workshop set it ('3-4 weeks'); the page words it in its language. */
  productionTime: z.string(),
  /** The end of its last valid day (ISO). */
  validUntil: z.iso.datetime(),
  state: z.enum(quoteStates),
  /** Accepted, its order placed and its deposit still to pay online: the page offers to pay it. */
  canPayDeposit: z.boolean(),
});

/**
 * POST /api/shop/quotes/:token/accept: this browser's checkout takes the quote (to the address
 * step), or its placed, unpaid order (to the payment step), with the checkout cookie. Refused with
 * 404 for an unknown token, 409 with `details` (quoteRefusal) for a quote that can no longer be accepted.
 */
export const quoteAcceptAnswer = z.object({ next: z.enum(["/checkout/shipping", "/checkout/payment"]) });

/** The `details` of a 409 to accepting: the quote's state, which the page explains. */
export const quoteRefusal = z.object({ state: z.enum(quoteStates) });
