import { depositCents } from "@workshop/domain/custom-quote.ts";
import { depositPayable } from "#server/payments/payment-requests.ts";
import { quoteByToken } from "./quotes.ts";

/** What the customer's quote page shows: no staff names, no order secrets. */
export async function quoteView(token: string) {
  const found = await quoteByToken(token);
  if (!found) return null;
  const { quote, request, state, order } = found;
  const deposit = depositCents(quote.priceCents);
  return {
    requestId: request.id,
    name: request.name,
    version: quote.version,
    description: quote.description,
    priceCents: quote.priceCents,
    depositCents: deposit,
    balanceCents: quote.priceCents - deposit,
    productionTime: quote.productionTime,
    validUntil: quote.validUntil.toISOString(),
    state,
    /** Accepted, its order placed and its deposit still to pay (online). */
    canPayDeposit: state === "accepted" && order !== null && depositPayable(order),
  };
}
