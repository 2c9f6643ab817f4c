import { type CustomerQuote, quoteByToken } from "#server/custom-orders/quotes.ts";
import type { Caller } from "#server/http/caller.ts";
import { depositPayable } from "#server/payments/payment-requests.ts";
import { startCheckout } from "./session.ts";
import { resumePayment } from "./steps.ts";

/** What accepting a quote leads to: the checkout's address step, its payment step, or a refusal. */
export type Acceptance =
  | { to: "/checkout/shipping" | "/checkout/payment"; sessionId: string }
  | { refused: Exclude<CustomerQuote["state"], "open"> | "gone" };

/**
 * The customer accepts the quote behind `token`: the checkout of this browser then holds the quote
 * (an earlier product choice is replaced; an address typed before is kept). A quote whose order
 * was placed and whose deposit is still unpaid takes that order to the payment step instead.
 * Anything else is refused with the quote's state; nothing changes.
 */
export async function acceptQuote(request: Caller, token: string): Promise<Acceptance> {
  const found = await quoteByToken(token);
  if (!found) return { refused: "gone" };
  if (found.state === "accepted" && found.order && depositPayable(found.order))
    return { to: "/checkout/payment", sessionId: await resumePayment(request, found.order) };
  if (found.state !== "open") return { refused: found.state };
  const sessionId = await startCheckout(request, {
    quoteId: found.quote.id,
    productId: null,
    productName: null,
    selectedSize: null,
    priceCents: null,
    payOrderId: null,
  });
  return { to: "/checkout/shipping", sessionId };
}
