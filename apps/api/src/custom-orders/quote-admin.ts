import { workshopToday } from "@workshop/domain/admin-date.ts";
import { depositCents, MAX_QUOTE_VERSIONS, quoteState } from "@workshop/domain/custom-quote.ts";
import { shownName, staffNames } from "#server/audit/people-names.ts";
import { config } from "#server/config.ts";
import { newQuoteRefusal, requestQuotes, withdrawRefusal } from "./quotes.ts";

/** How long a new quote stands unless staff choose another last day. */
const SUGGESTED_VALID_DAYS = 14;

/** What the staff quote page shows: the request in short, its quotes with their links, the orders. */
export async function quotePage(customOrderId: number) {
  const [found, names] = await Promise.all([requestQuotes(customOrderId), staffNames()]);
  if (!found) return null;
  const { request, quotes, orders } = found;
  const base = config().publicUrl.replace(/\/$/, "");
  return {
    request: {
      id: request.id,
      name: request.name,
      email: request.email,
      hatType: request.hatType,
      material: request.material,
      size: request.size,
      budget: request.budget,
      timeline: request.timeline,
      details: request.details,
      status: request.status,
      locale: request.locale === "ru" ? ("ru" as const) : ("en" as const),
    },
    quotes: quotes.map((q) => ({
      id: q.id,
      version: q.version,
      priceCents: q.priceCents,
      depositCents: depositCents(q.priceCents),
      description: q.description,
      productionTime: q.productionTime,
      validUntil: q.validUntil.toISOString(),
      state: quoteState(q),
      link: `${base}${request.locale === "ru" ? "/ru" : ""}/quotes/${q.token}`,
      by: shownName(names, q.createdBy, q.createdByName),
      at: q.createdAt.toISOString(),
      withdrawable: withdrawRefusal(q, orders) === null,
    })),
    orders: orders.map((o) => ({ id: o.id, orderNumber: o.orderNumber, status: o.status, paymentStatus: o.paymentStatus })),
    /** Why no new version can be written, or null; and the number the next one would get. */
    refusal:
      newQuoteRefusal(quotes, orders) === null ? null : quotes.length >= MAX_QUOTE_VERSIONS ? ("limit" as const) : ("ordered" as const),
    nextVersion: quotes.length + 1,
    today: workshopToday(),
    /** The last valid day the form suggests: two weeks ahead, which staff may change. */
    suggestedValidUntil: workshopToday(new Date(Date.now() + SUGGESTED_VALID_DAYS * 86_400_000)),
  };
}
