import { deliveryCostCents, deliveryDays, optionsForAddress } from "@workshop/domain/delivery.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import type { AddressStepAnswer, ConfirmationAnswer, DeliveryStepAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { readProduct } from "#server/catalog/products.ts";
import type { Caller } from "#server/http/caller.ts";
import { promisedWindow, quotedMakingTime, readyHatMakingTime } from "#server/making/promised-dates.ts";
import { orderInLanguage } from "#server/orders/in-language.ts";
import { orderById } from "#server/orders/queries.ts";
import { readCheckout } from "./session.ts";
import { checkoutMakingTime, checkoutProduct, checkoutQuote, checkoutSummary, missingStep, placedOrder } from "./steps.ts";

/** What the checkout's first three steps show (packages/domain/src/shop-api/checkout.ts), or where the customer goes instead. */

/**
 * Step 1: the hat of this browser's checkout, or of an order it placed (`orderId`, e.g. back from a
 * payment page), looked up again for its stock and price; why there is none; or, for a custom hat's
 * quote, its own page.
 */
export async function confirmationStep(request: Caller, orderId: string | null, locale: Locale): Promise<ConfirmationAnswer> {
  const data = await readCheckout(request);
  const fromOrder = await placedOrder(request, orderId, orderById);
  // A custom hat's quote is confirmed on its own page.
  const quote = !fromOrder && (await checkoutQuote(data));
  if (quote) return { next: `/quotes/${quote.token}` };
  const productId = fromOrder?.productId ?? data?.productId ?? null;
  const name = (fromOrder && (await orderInLanguage(fromOrder, locale)).productName) ?? data?.productName ?? null;
  const size = fromOrder ? fromOrder.size : (data?.selectedSize ?? null);
  const fail = (problem: "missing" | "noProduct" | "productNotFound" | "loadFailed" | "soldOut") => ({ problem, name, choice: null });
  if (!data && !fromOrder) return fail("missing");
  if (!productId) return fail("noProduct");
  try {
    const product = fromOrder ? await readProduct(productId, locale) : await checkoutProduct(data, locale);
    if (!product) return fail("productNotFound");
    if (!product.inStock) return fail("soldOut");
    const { id, name: productName, priceCents, images } = product;
    return { problem: null, name, choice: { product: { id, name: productName, priceCents, image: images[0] ?? null }, size } };
  } catch (error) {
    console.error("Confirmation could not load the product", error);
    return fail("loadFailed");
  }
}

/** Step 2: the address typed so far and the summary, once a hat is chosen. */
export async function addressStep(request: Caller, locale: Locale): Promise<AddressStepAnswer> {
  const data = await readCheckout(request);
  const back = missingStep(data, "shipping");
  if (back) return { next: back };
  return { address: data?.shippingAddress ?? null, summary: await checkoutSummary(data, locale) };
}

/**
 * Step 2, delivery: the options for the saved address with their cost, the total with each and when
 * the hat would arrive, counted from `today` (written in `locale`): its making (a hat made to
 * order, its stages' usual working days; a custom hat, its quote's production time; a ready hat,
 * the shop's business days), then the carrier's (making/promised-dates.ts). Placing the order keeps
 * the last day of the chosen option's window as its promised delivery day.
 */
export async function deliveryStep(request: Caller, locale: Locale, today = new Date()): Promise<DeliveryStepAnswer> {
  const data = await readCheckout(request);
  const back = missingStep(data, "shipping-options");
  if (back || !data?.shippingAddress) return { next: back ?? "/checkout/shipping" };
  const address = data.shippingAddress;
  const collection = await checkoutMakingTime(data);
  const summary = await checkoutSummary(data, locale, collection);
  const making = summary.customHat ? quotedMakingTime(summary.customHat.productionTime) : (collection ?? readyHatMakingTime);
  const options = optionsForAddress(address).map((o) => {
    const costCents = deliveryCostCents(o.id);
    return {
      id: o.id,
      costCents,
      totalCents: summary.totalCents + costCents,
      trackingAvailable: o.trackingAvailable,
      carrierDays: o.carrierDays,
      window: deliveryDays(promisedWindow(o.id, today, making)!, locale),
    };
  });
  return { address: { city: address.city, country: address.country }, options, chosen: data.deliveryOption ?? null, summary };
}
