import { customHatName, depositCents, quoteState } from "@workshop/domain/custom-quote.ts";
import { deliveryCostCents } from "@workshop/domain/delivery.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { centsToIdr } from "@workshop/domain/money.ts";
import { OVER_THE_COUNTER_CAP_IDR, OVER_THE_COUNTER_CAP_MESSAGE } from "@workshop/domain/payment-methods.ts";
import type { ShippingAddressInput } from "@workshop/domain/validation/address.ts";
import { sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { deliverQueuedMail } from "#server/mail/index.ts";
import { promisedDeliveryDay, quotedMakingTime } from "#server/making/promised-dates.ts";
import { announceNewOrders } from "#server/orders/notifications.ts";
import { deliveryAndMethod, initialStatuses, insertOrders } from "#server/orders/place-order.ts";
import { changePaymentStatus } from "#server/orders/queries.ts";
import type { Order } from "#server/orders/types.ts";
import { usdToIdrRate } from "#server/pricing/fx-rate.ts";

export type QuoteOrderInput = {
  quoteId: number;
  shippingAddress: ShippingAddressInput;
  deliveryOption: string;
  paymentMethod: string;
  locale: Locale;
};

/** Why a quote cannot be accepted, in words for the customer; null while it is open. */
function quoteRefusal(state: ReturnType<typeof quoteState>): string | null {
  switch (state) {
    case "open":
      return null;
    case "expired":
      return "This quote has expired. Please ask us for a new one.";
    case "withdrawn":
      return "This quote was withdrawn by the workshop.";
    case "superseded":
      return "A newer version of this quote was sent to you: please open the link in the latest e-mail.";
    case "accepted":
      return "This quote was already accepted.";
  }
}

/**
 * Places the order of an accepted quote (docs/decisions/026-custom-quotes.md): the price is the
 * quote's, read under the quote's lock; delivery, the rate, the payment method's rules (cash in
 * store for Bali, the over-the-counter cap on the deposit paid now) as for a catalogue hat. The
 * quote becomes ACCEPTED in the same transaction, so a quote gives at most one order.
 */
export async function placeQuoteOrder(input: QuoteOrderInput): Promise<Order> {
  const { deliveryOption, method } = deliveryAndMethod(input);
  const { rate } = await usdToIdrRate();

  const db = await getDb();
  const mails: number[] = [];
  const order = await db.transaction().execute(async (tx) => {
    // The request first, then its quote: the order in which staff's quote writes lock them, so an
    // accept and a revision at the same moment run one after the other.
    const ownerOfQuote = tx.selectFrom("customQuotes").select("customOrderId").where("id", "=", input.quoteId);
    const request = await tx.selectFrom("customOrders").selectAll().where("id", "in", ownerOfQuote).forUpdate().executeTakeFirst();
    if (!request) throw new AppError("not_found", "Quote not found");
    const quote = await tx.selectFrom("customQuotes").selectAll().where("id", "=", input.quoteId).forUpdate().executeTakeFirst();
    if (!quote) throw new AppError("not_found", "Quote not found");
    const refusal = quoteRefusal(quoteState(quote));
    if (refusal) throw new AppError("conflict", refusal);

    const deliveryCost = deliveryCostCents(deliveryOption);
    const totalCents = quote.priceCents + deliveryCost;
    const deposit = depositCents(quote.priceCents);
    const depositIdr = centsToIdr(deposit, rate);
    if (method.type === "OVER_THE_COUNTER" && depositIdr > OVER_THE_COUNTER_CAP_IDR)
      throw new AppError("invalid", OVER_THE_COUNTER_CAP_MESSAGE);
    // The test card pays at once: the order is placed pending and its deposit applied below.
    const first = method.type === "TEST_CARD" ? { status: "PENDING", paymentStatus: "PENDING" } : initialStatuses(method);
    const [placed] = await insertOrders(tx, [
      {
        ...first,
        paymentMethod: method.code,
        productId: null,
        productName: customHatName(request.id, request.hatType),
        productImage: null,
        size: null,
        color: "",
        priceCents: quote.priceCents,
        shippingAddress: input.shippingAddress,
        deliveryOption: input.deliveryOption,
        deliveryCostCents: deliveryCost,
        totalCents,
        usdToIdrRate: rate,
        totalIdr: centsToIdr(totalCents, rate),
        locale: input.locale,
        customOrderId: request.id,
        quoteId: quote.id,
        depositCents: deposit,
        depositIdr,
        // The delivery day the checkout showed: the quote's production time, then the carrier's.
        promisedDeliveryDay: promisedDeliveryDay(input.deliveryOption, new Date(), quotedMakingTime(quote.productionTime)),
      },
    ]);
    await tx
      .insertInto("orderEvents")
      .values({
        orderId: placed!.id,
        status: placed!.status,
        paymentStatus: placed!.paymentStatus,
        reason: `placed from quote v${quote.version} of request #C${request.id} (${placed!.paymentMethod})`,
      })
      .execute();
    await tx
      .updateTable("customQuotes")
      .set({ status: "ACCEPTED", closedAt: sql`now()`, closedBy: "customer" })
      .where("id", "=", quote.id)
      .execute();
    await announceNewOrders([placed!], { tx, later: mails });
    if (method.type === "TEST_CARD") return (await changePaymentStatus(tx, placed!, "DEPOSIT_PAID", "deposit paid (test card)")).order;
    return placed!;
  });
  void deliverQueuedMail(mails);
  return order;
}
