import { randomBytes } from "node:crypto";
import { workshopToday } from "@workshop/domain/admin-date.ts";
import { endOfWorkshopDay, MAX_QUOTE_VERSIONS, type QuoteForm, quoteState, quoteTokenPattern } from "@workshop/domain/custom-quote.ts";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import { customOrders, customQuotes, orders } from "#server/db/schema.ts";
import type { Tx } from "#server/db/tx.ts";
import { AppError } from "#server/errors.ts";
import { deliverQueuedMail, enqueueMail } from "#server/mail/index.ts";
import { moveRequestForQuote } from "./request-status.ts";

export type Quote = typeof customQuotes.$inferSelect;
type Request = typeof customOrders.$inferSelect;
type LinkedOrder = { id: string; orderNumber: string; status: string; paymentStatus: string; quoteId: number | null };

/** A request with its quotes (newest first) and the orders placed from them: the staff quote page. */
export type RequestQuotes = { request: Request; quotes: Quote[]; orders: LinkedOrder[] };

export async function requestQuotes(customOrderId: number): Promise<RequestQuotes | null> {
  if (!Number.isSafeInteger(customOrderId) || customOrderId < 1) return null;
  const db = await getDb();
  const [request] = await db.select().from(customOrders).where(eq(customOrders.id, customOrderId));
  if (!request) return null;
  const [quotes, linked] = await Promise.all([
    db.select().from(customQuotes).where(eq(customQuotes.customOrderId, customOrderId)).orderBy(desc(customQuotes.version)),
    db.select(linkedOrderColumns).from(orders).where(eq(orders.customOrderId, customOrderId)).orderBy(asc(orders.createdAt)),
  ]);
  return { request, quotes, orders: linked };
}

/** Why staff cannot write a (new version of a) quote for this request now, or null. */
export function newQuoteRefusal(quotes: readonly Quote[], linked: readonly LinkedOrder[]): string | null {
  if (quotes.length >= MAX_QUOTE_VERSIONS)
    return `A request has at most ${MAX_QUOTE_VERSIONS} quote versions (two revision rounds); this one has them all`;
  if (linked.some((o) => o.status !== "CANCELLED"))
    return "An order was placed from a quote of this request: cancel it first to quote again";
  return null;
}

/** Why staff cannot withdraw this quote now, or null. */
export function withdrawRefusal(quote: Quote, linked: readonly LinkedOrder[]): string | null {
  if (quote.status === "WITHDRAWN") return "This quote is already withdrawn";
  if (quote.status === "SUPERSEDED") return "A newer version replaced this quote";
  if (linked.some((o) => o.quoteId === quote.id && o.status !== "CANCELLED"))
    return "An order was placed from this quote: cancel the order instead";
  return null;
}

/**
 * Writes a quote (the first, or a revision that supersedes the current one), moves the request to
 * QUOTED and mails the customer the quote's private link in the request's language: all in one
 * transaction on the request's row, so two people quoting at once make two versions in turn, and
 * the fourth is refused.
 */
export async function writeQuote(customOrderId: number, form: QuoteForm, actor: Actor): Promise<Quote> {
  const validUntil = endOfWorkshopDay(form.validUntil);
  if (!validUntil || form.validUntil < workshopToday()) throw new AppError("invalid", "The quote must be valid until today or a later day");
  const db = await getDb();
  const mails: number[] = [];
  const quote = await db.transaction(async (tx) => {
    const [request] = await tx.select().from(customOrders).where(eq(customOrders.id, customOrderId)).for("update");
    if (!request) throw new AppError("not_found", "Custom request not found");
    if (request.status === "CANCELLED" || request.status === "COMPLETED")
      throw new AppError(
        "conflict",
        `This request is ${request.status === "CANCELLED" ? "cancelled" : "completed"}: it takes no more quotes`,
      );
    const quotes = await tx.select().from(customQuotes).where(eq(customQuotes.customOrderId, customOrderId));
    const linked = await linkedOrders(tx, customOrderId);
    const refusal = newQuoteRefusal(quotes, linked);
    if (refusal) throw new AppError("conflict", refusal);
    const previous = quotes.filter((q) => q.status === "SENT");
    if (previous.length > 0)
      await tx
        .update(customQuotes)
        .set({ status: "SUPERSEDED", closedAt: new Date(), closedBy: actor.label })
        .where(and(eq(customQuotes.customOrderId, customOrderId), eq(customQuotes.status, "SENT")));
    const [quote] = await tx
      .insert(customQuotes)
      .values({
        customOrderId,
        version: quotes.length + 1,
        priceCents: form.price,
        description: form.description,
        productionTime: form.productionTime,
        validUntil,
        token: randomBytes(24).toString("base64url"),
        createdBy: actor.staffId,
        createdByName: actor.label,
      })
      .returning();
    await moveRequestForQuote(tx, customOrderId, "QUOTED", actor);
    await enqueueMail(
      {
        template: "custom-quote",
        vars: { quote: quote!, request: { id: request.id } },
        dedupeKey: `custom-quote:${quote!.id}`,
        locale: request.locale,
        to: request.email,
        customOrderId,
      },
      { tx, later: mails },
    );
    await recordAudit(
      {
        actor,
        action: "quote-sent",
        recordType: "custom-order",
        recordId: customOrderId,
        before: previous[0] ? { version: previous[0].version, priceCents: previous[0].priceCents } : null,
        after: {
          version: quote!.version,
          priceCents: quote!.priceCents,
          productionTime: quote!.productionTime,
          validUntil: form.validUntil,
        },
      },
      tx,
    );
    return quote!;
  });
  void deliverQueuedMail(mails);
  return quote;
}

/** Withdraws a quote that no order was placed from: its link then says so and cannot be accepted. */
export async function withdrawQuote(customOrderId: number, quoteId: number, actor: Actor): Promise<Quote> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [request] = await tx.select({ id: customOrders.id }).from(customOrders).where(eq(customOrders.id, customOrderId)).for("update");
    if (!request) throw new AppError("not_found", "Custom request not found");
    const [quote] = await tx
      .select()
      .from(customQuotes)
      .where(and(eq(customQuotes.id, quoteId), eq(customQuotes.customOrderId, customOrderId)))
      .for("update");
    if (!quote) throw new AppError("not_found", "Quote not found");
    const refusal = withdrawRefusal(quote, await linkedOrders(tx, customOrderId));
    if (refusal) throw new AppError("conflict", refusal);
    const [withdrawn] = await tx
      .update(customQuotes)
      .set({ status: "WITHDRAWN", closedAt: new Date(), closedBy: actor.label })
      .where(eq(customQuotes.id, quote.id))
      .returning();
    await recordAudit(
      {
        actor,
        action: "quote-withdrawn",
        recordType: "custom-order",
        recordId: customOrderId,
        before: { version: quote.version, status: quote.status },
        after: { version: quote.version, status: "WITHDRAWN" },
      },
      tx,
    );
    return withdrawn!;
  });
}

/** What a request's page and its rules need of the orders made from its quotes. */
const linkedOrderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  quoteId: orders.quoteId,
};

function linkedOrders(tx: Tx, customOrderId: number): Promise<LinkedOrder[]> {
  return tx
    .select(linkedOrderColumns)
    .from(orders)
    .where(and(eq(orders.customOrderId, customOrderId), ne(orders.status, "CANCELLED")));
}

/** A quote as its customer sees it: found by its private token only. */
export type CustomerQuote = {
  quote: Quote;
  request: Pick<Request, "id" | "name" | "hatType" | "locale">;
  state: ReturnType<typeof quoteState>;
  /** The order placed from it, when one was (the page offers to pay its deposit while it can). */
  order: typeof orders.$inferSelect | null;
};

export async function quoteByToken(token: string): Promise<CustomerQuote | null> {
  if (!quoteTokenPattern.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      quote: customQuotes,
      request: { id: customOrders.id, name: customOrders.name, hatType: customOrders.hatType, locale: customOrders.locale },
    })
    .from(customQuotes)
    .innerJoin(customOrders, eq(customOrders.id, customQuotes.customOrderId))
    .where(eq(customQuotes.token, token))
    .limit(1);
  if (!row) return null;
  const [order] = await db.select().from(orders).where(eq(orders.quoteId, row.quote.id)).limit(1);
  let state = quoteState(row.quote);
  // Accepted but its deposit never paid: the quote's last day still ends it.
  const depositPaid = order && (order.paymentStatus === "DEPOSIT_PAID" || order.paymentStatus === "SUCCEEDED");
  if (state === "accepted" && !depositPaid && row.quote.validUntil.getTime() < Date.now()) state = "expired";
  return { ...row, state, order: order ?? null };
}

/** A quote with its request's id and hat type, for the checkout that pays it. */
export async function quoteForCheckout(quoteId: number): Promise<{ quote: Quote; hatType: string; token: string } | null> {
  if (!Number.isSafeInteger(quoteId) || quoteId < 1) return null;
  const db = await getDb();
  const [row] = await db
    .select({ quote: customQuotes, hatType: customOrders.hatType })
    .from(customQuotes)
    .innerJoin(customOrders, eq(customOrders.id, customQuotes.customOrderId))
    .where(eq(customQuotes.id, quoteId))
    .limit(1);
  return row ? { ...row, token: row.quote.token } : null;
}
