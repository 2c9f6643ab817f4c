import { customHatName, depositCents, quoteState } from "@workshop/domain/custom-quote.ts";
import { isDeliveryOptionId, optionsForAddress } from "@workshop/domain/delivery.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import type { CheckoutSummaryAnswer } from "@workshop/domain/shop-api/checkout.ts";
import type { ShippingAddressInput } from "@workshop/domain/validation/address.ts";
import { getProduct } from "#server/catalog/products.ts";
import { customHatOf } from "#server/custom-orders/custom-hat-view.ts";
import { placeQuoteOrder } from "#server/custom-orders/quote-order.ts";
import { quoteForCheckout } from "#server/custom-orders/quotes.ts";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import type { Caller } from "#server/http/caller.ts";
import { collectionMakingTime, type MakingTime, usualWorkingDays } from "#server/making/promised-dates.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { orderById } from "#server/orders/queries.ts";
import type { Order } from "#server/orders/types.ts";
import { isPayable } from "#server/payments/payment-requests.ts";
import { isPaidOnline } from "#server/payments/xendit/channels.ts";
import { type CheckoutData, checkoutIdOf, readCheckout, startCheckout, updateCheckout } from "./session.ts";

export type CheckoutStep = "confirmation" | "shipping" | "shipping-options" | "payment";

/**
 * Where a step must send the customer back to when earlier data is missing (SPEC section 4):
 * confirmation and shipping need the product and its price, shipping options also an address,
 * payment also a delivery choice. Null: the step can show.
 */
export function missingStep(data: CheckoutData | null, step: CheckoutStep): string | null {
  const chosen = (!!data?.productId && data.priceCents != null) || !!data?.quoteId;
  if (!chosen) return step === "confirmation" ? null : "/checkout/confirmation";
  if (step === "confirmation" || step === "shipping") return null;
  if (!data.shippingAddress) return "/checkout/shipping?missing=1";
  if (step === "shipping-options") return null;
  if (!data.deliveryOption) return "/checkout/shipping-options?missing=1";
  return null;
}

/**
 * Saves the address; a changed address resets the delivery choice, since its options may differ.
 * Answers where the customer goes next: the delivery step, or the first step when the checkout
 * holds no hat (or the browser no checkout).
 */
export async function saveAddress(request: Caller, address: ShippingAddressInput): Promise<string> {
  const data = await readCheckout(request);
  if (missingStep(data, "shipping")) return "/checkout/confirmation";
  const same = JSON.stringify(data?.shippingAddress) === JSON.stringify(address);
  const saved = await updateCheckout(request, same ? { shippingAddress: address } : { shippingAddress: address, deliveryOption: null });
  return saved ? "/checkout/shipping-options" : "/checkout/confirmation";
}

/** Chooses one of the delivery options of the saved address; answers where the customer goes next. */
export async function chooseDelivery(request: Caller, option: string): Promise<string> {
  const data = await readCheckout(request);
  if (!data?.shippingAddress) throw new AppError("invalid", "Please complete the previous steps to continue.");
  if (!option) throw new AppError("invalid", "Please select a delivery option");
  const available = optionsForAddress(data.shippingAddress).map((o) => o.id);
  if (!isDeliveryOptionId(option) || !available.includes(option)) throw new AppError("invalid", `Invalid delivery option: ${option}`);
  await updateCheckout(request, { deliveryOption: option });
  return "/checkout/payment";
}

/**
 * Places the order of this browser's checkout with the chosen payment method. Every amount comes
 * from the database; the checkout forgets the product afterwards so a reload cannot order twice.
 */
export async function placeCheckoutOrder(request: Caller, paymentMethod: string, locale: Locale): Promise<Order> {
  const data = await readCheckout(request);
  if (!data || missingStep(data, "payment")) throw new AppError("invalid", "Please complete the previous steps to continue.");
  if (!paymentMethod) throw new AppError("invalid", "Please select a payment method");
  const order = data.quoteId
    ? await placeQuoteOrder({
        quoteId: data.quoteId,
        shippingAddress: data.shippingAddress!,
        deliveryOption: data.deliveryOption!,
        paymentMethod,
        locale,
      })
    : await placeOrder({
        productId: data.productId!,
        selectedSize: data.selectedSize ?? null,
        shippingAddress: data.shippingAddress!,
        deliveryOption: data.deliveryOption!,
        paymentMethod,
        locale,
      });
  await updateCheckout(request, {
    quoteId: null,
    productId: null,
    productName: null,
    selectedSize: null,
    priceCents: null,
    placedOrderIds: [...(data.placedOrderIds ?? []).slice(-19), order.id],
    payOrderId: isPaidOnline(order.paymentMethod) ? order.id : null,
  });
  return order;
}

/** The order this browser placed and has not paid yet, while it can still be paid online. */
export async function orderToPay(data: CheckoutData | null): Promise<Order | null> {
  if (!data?.payOrderId || !data.placedOrderIds?.includes(data.payOrderId)) return null;
  const order = await orderById(data.payOrderId);
  return order && isPayable(order) ? order : null;
}

/** Lets this browser pay a placed order again (from the order's page, e.g. after a failed payment). */
export async function resumePayment(request: Caller, order: Order): Promise<string> {
  const data = await readCheckout(request);
  const placedOrderIds = [...(data?.placedOrderIds ?? []).filter((id) => id !== order.id).slice(-19), order.id];
  if (data && (await updateCheckout(request, { payOrderId: order.id, placedOrderIds, productId: null, priceCents: null, quoteId: null })))
    return (await checkoutIdOf(request))!;
  return startCheckout(request, { payOrderId: order.id, placedOrderIds });
}

/**
 * Remembers an order as this browser's (placed through the JSON API, or returned to with a signed
 * link), so that it may see and pay it. Returns the checkout session id for the cookie.
 */
export async function rememberPlacedOrder(request: Caller, orderId: string): Promise<string> {
  const data = await readCheckout(request);
  const placedOrderIds = [...(data?.placedOrderIds ?? []).filter((id) => id !== orderId).slice(-19), orderId];
  if (data && (await updateCheckout(request, { placedOrderIds }))) return (await checkoutIdOf(request))!;
  return startCheckout(request, { placedOrderIds });
}

/** An order placed from this browser, for the success pages; null for anyone else's. */
export async function placedOrder(
  request: Caller,
  orderId: string | null,
  read: (id: string) => Promise<Order | null>,
): Promise<Order | null> {
  if (!orderId) return null;
  const data = await readCheckout(request);
  if (!data?.placedOrderIds?.includes(orderId)) return null;
  return read(orderId);
}

/**
 * The product of the checkout, for showing (a few seconds old at most: stock and price may have
 * changed since Order Now; placing the order reads them again).
 */
export async function checkoutProduct(data: CheckoutData | null, locale: Locale = "en") {
  if (!data?.productId) return null;
  return getProduct(data.productId, locale);
}

/**
 * The custom hat quote this checkout pays the deposit of, read from the database, with its state
 * now, its amounts and the hat as its pages show it; null when the checkout holds no quote.
 */
export async function checkoutQuote(data: CheckoutData | null, locale: Locale = "en") {
  if (!data?.quoteId) return null;
  const found = await quoteForCheckout(data.quoteId);
  if (!found) return null;
  const { quote } = found;
  return {
    token: found.token,
    state: quoteState(quote),
    productName: customHatName(quote.customOrderId, found.hatType, locale),
    priceCents: quote.priceCents,
    depositCents: depositCents(quote.priceCents),
    customHat: await customHatOf(quote.customOrderId, quote.productionTime),
  };
}

/** What a part payment shows beside the total: the deposit or the balance paid now. */
export type PartDue = { kind: "DEPOSIT" | "BALANCE"; cents: number };

/** The making time of the checkout's hat of the collection (made to order, or a ready hat); null for a custom hat's quote or no hat. */
export async function checkoutMakingTime(data: CheckoutData | null): Promise<MakingTime | null> {
  if (data?.quoteId || !data?.productId) return null;
  return collectionMakingTime(await getDb(), data.productId);
}

/**
 * The summary beside the address and delivery steps: the product, or the quoted custom hat; no
 * delivery yet. `making`: the hat's making time when the caller has read it already.
 */
export async function checkoutSummary(
  data: CheckoutData | null,
  locale: Locale,
  making?: MakingTime | null,
): Promise<CheckoutSummaryAnswer> {
  const quote = await checkoutQuote(data, locale);
  if (quote)
    return {
      productName: quote.productName,
      size: null,
      priceCents: quote.priceCents,
      deliveryCents: null,
      totalCents: quote.priceCents,
      part: { kind: "DEPOSIT", cents: quote.depositCents },
      idr: null,
      customHat: quote.customHat,
      makingWorkingDays: null,
    };
  const priceCents = data?.priceCents ?? 0;
  const [productName, hatMaking] = await Promise.all([
    checkoutProductName(data, locale),
    making === undefined ? checkoutMakingTime(data) : making,
  ]);
  return {
    productName,
    size: data?.selectedSize ?? null,
    priceCents,
    deliveryCents: null,
    totalCents: priceCents,
    part: null,
    idr: null,
    customHat: null,
    makingWorkingDays: hatMaking && usualWorkingDays(hatMaking),
  };
}

/** The chosen hat's name in the page's language (the checkout keeps the one it was ordered under). */
async function checkoutProductName(data: CheckoutData | null, locale: Locale): Promise<string> {
  return (await checkoutProduct(data, locale).catch(() => null))?.name ?? data?.productName ?? "";
}
