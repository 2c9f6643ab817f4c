import { workshopToday } from "@workshop/domain/admin-date.ts";
import { depositCents, MAX_QUOTE_VERSIONS, type QuoteForm, quoteFormSchema, quoteState } from "@workshop/domain/custom-quote.ts";
import { serialId } from "@workshop/domain/serial-id.ts";
import type { Actor } from "#server/audit/actor.ts";
import { shownName, staffNames } from "#server/audit/people-names.ts";
import { config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { newQuoteRefusal, requestQuotes, withdrawQuote, withdrawRefusal, writeQuote } from "./quotes.ts";

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

export type QuoteFormResult =
  | { ok: true; email: string }
  | { ok: false; errors: Partial<Record<keyof QuoteForm, string>>; values: Record<string, string> };

/** The staff form: checks the fields (each problem named), then writes and mails the quote. */
export async function submitQuote(customOrderId: number, values: Record<string, string>, actor: Actor): Promise<QuoteFormResult> {
  const parsed = quoteFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<keyof QuoteForm, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as keyof QuoteForm;
      errors[key] ??= issue.message;
    }
    return { ok: false, errors, values };
  }
  if (parsed.data.validUntil < workshopToday()) return { ok: false, errors: { validUntil: "validUntil" }, values };
  await writeQuote(customOrderId, parsed.data, actor);
  const page = await requestQuotes(customOrderId);
  return { ok: true, email: page?.request.email ?? "" };
}

/** Withdraws one of the request's quotes (a quote id from the form). */
export async function withdrawFromForm(customOrderId: number, quoteIdText: string, actor: Actor): Promise<void> {
  const quoteId = serialId(quoteIdText);
  if (quoteId === null) throw new AppError("invalid", "Unknown quote");
  await withdrawQuote(customOrderId, quoteId, actor);
}
