import { randomBytes } from "node:crypto";
import { workshopToday } from "@workshop/domain/admin-date.ts";
import { endOfWorkshopDay, MAX_QUOTE_VERSIONS, type QuoteForm, quoteState, quoteTokenPattern } from "@workshop/domain/custom-quote.ts";
import type { Actor } from "#server/audit/actor.ts";
import { recordAudit } from "#server/audit/log.ts";
import { getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Row } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";
import { deliverQueuedMail, enqueueMail } from "#server/mail/index.ts";
import { moveRequestForQuote } from "./request-status.ts";

export type Quote = Row<"customQuotes">;
type Request = Row<"customOrders">;
type LinkedOrder = { id: string; orderNumber: string; status: string; paymentStatus: string; quoteId: number | null };

/** A request with its quotes (newest first) and the orders placed from them: the staff quote page. */
export type RequestQuotes = { request: Request; quotes: Quote[]; orders: LinkedOrder[] };

export async function requestQuotes(customOrderId: number): Promise<RequestQuotes | null> {
  if (!Number.isSafeInteger(customOrderId) || customOrderId < 1) return null;
  const db = await getDb();
  const request = await db.selectFrom("customOrders").selectAll().where("id", "=", customOrderId).executeTakeFirst();
  if (!request) return null;
  const [quotes, linked] = await Promise.all([
    db.selectFrom("customQuotes").selectAll().where("customOrderId", "=", customOrderId).orderBy("version", "desc").execute(),
    db.selectFrom("orders").select(linkedOrderColumns).where("customOrderId", "=", customOrderId).orderBy("createdAt", "asc").execute(),
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
  const quote = await db.transaction().execute(async (tx) => {
    const request = await tx.selectFrom("customOrders").selectAll().where("id", "=", customOrderId).forUpdate().executeTakeFirst();
    if (!request) throw new AppError("not_found", "Custom request not found");
    if (request.status === "CANCELLED" || request.status === "COMPLETED")
      throw new AppError(
        "conflict",
        `This request is ${request.status === "CANCELLED" ? "cancelled" : "completed"}: it takes no more quotes`,
      );
    const quotes = await tx.selectFrom("customQuotes").selectAll().where("customOrderId", "=", customOrderId).execute();
    const linked = await linkedOrders(tx, customOrderId);
    const refusal = newQuoteRefusal(quotes, linked);
    if (refusal) throw new AppError("conflict", refusal);
    const previous = quotes.filter((q) => q.status === "SENT");
    if (previous.length > 0)
      await tx
        .updateTable("customQuotes")
        .set({ status: "SUPERSEDED", closedAt: new Date(), closedBy: actor.label })
        .where("customOrderId", "=", customOrderId)
        .where("status", "=", "SENT")
        .execute();
    const quote = await tx
      .insertInto("customQuotes")
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
      .returningAll()
      .executeTakeFirst();
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
  return db.transaction().execute(async (tx) => {
    const request = await tx.selectFrom("customOrders").select("id").where("id", "=", customOrderId).forUpdate().executeTakeFirst();
    if (!request) throw new AppError("not_found", "Custom request not found");
    const quote = await tx
      .selectFrom("customQuotes")
      .selectAll()
      .where("id", "=", quoteId)
      .where("customOrderId", "=", customOrderId)
      .forUpdate()
      .executeTakeFirst();
    if (!quote) throw new AppError("not_found", "Quote not found");
    const refusal = withdrawRefusal(quote, await linkedOrders(tx, customOrderId));
    if (refusal) throw new AppError("conflict", refusal);
    const withdrawn = await tx
      .updateTable("customQuotes")
      .set({ status: "WITHDRAWN", closedAt: new Date(), closedBy: actor.label })
      .where("id", "=", quote.id)
      .returningAll()
      .executeTakeFirst();
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
const linkedOrderColumns = ["id", "orderNumber", "status", "paymentStatus", "quoteId"] as const;

function linkedOrders(tx: Tx, customOrderId: number): Promise<LinkedOrder[]> {
  return tx
    .selectFrom("orders")
    .select(linkedOrderColumns)
    .where("customOrderId", "=", customOrderId)
    .where("status", "<>", "CANCELLED")
    .execute();
}

/** A quote as its customer sees it: found by its private token only. */
export type CustomerQuote = {
  quote: Quote;
  request: Pick<Request, "id" | "name" | "hatType" | "locale">;
  state: ReturnType<typeof quoteState>;
  /** The order placed from it, when one was (the page offers to pay its deposit while it can). */
  order: Row<"orders"> | null;
};

export async function quoteByToken(token: string): Promise<CustomerQuote | null> {
  if (!quoteTokenPattern.test(token)) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("customQuotes")
    .innerJoin("customOrders", "customOrders.id", "customQuotes.customOrderId")
    .selectAll("customQuotes")
    .select([
      "customOrders.id as requestId",
      "customOrders.name as requestName",
      "customOrders.hatType as requestHatType",
      "customOrders.locale as requestLocale",
    ])
    .where("customQuotes.token", "=", token)
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const { requestId, requestName, requestHatType, requestLocale, ...quote } = row;
  const request = { id: requestId, name: requestName, hatType: requestHatType, locale: requestLocale };
  const order = await db.selectFrom("orders").selectAll().where("quoteId", "=", quote.id).limit(1).executeTakeFirst();
  let state = quoteState(quote);
  // Accepted but its deposit never paid: the quote's last day still ends it.
  const depositPaid = order && (order.paymentStatus === "DEPOSIT_PAID" || order.paymentStatus === "SUCCEEDED");
  if (state === "accepted" && !depositPaid && quote.validUntil.getTime() < Date.now()) state = "expired";
  return { quote, request, state, order: order ?? null };
}

/** A quote with its request's id and hat type, for the checkout that pays it. */
export async function quoteForCheckout(quoteId: number): Promise<{ quote: Quote; hatType: string; token: string } | null> {
  if (!Number.isSafeInteger(quoteId) || quoteId < 1) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("customQuotes")
    .innerJoin("customOrders", "customOrders.id", "customQuotes.customOrderId")
    .selectAll("customQuotes")
    .select("customOrders.hatType as requestHatType")
    .where("customQuotes.id", "=", quoteId)
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const { requestHatType, ...quote } = row;
  return { quote, hatType: requestHatType, token: quote.token };
}
