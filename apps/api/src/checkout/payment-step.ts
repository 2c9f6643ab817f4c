import { deliveryCostCents, regionOf } from "@workshop/domain/delivery.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { centsToIdr } from "@workshop/domain/money.ts";
import {
  OVER_THE_COUNTER_CAP_IDR,
  type PaymentMethod,
  type PaymentMethodType,
  paymentMethods,
  paymentMethodTypes,
} from "@workshop/domain/payment-methods.ts";
import type { PaymentStepAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { paymentsSandbox } from "#server/config.ts";
import { customHatOfOrder } from "#server/custom-orders/custom-hat-view.ts";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import type { Caller } from "#server/http/caller.ts";
import { orderMakingWorkingDays, usualWorkingDays } from "#server/making/promised-dates.ts";
import { orderInLanguage } from "#server/orders/in-language.ts";
import { amountDue } from "#server/payments/amount-due.ts";
import { nextUrl, startPayment } from "#server/payments/payment-requests.ts";
import { isPaidOnline, xenditMethodOf } from "#server/payments/xendit/channels.ts";
import { usdToIdrRate } from "#server/pricing/fx-rate.ts";
import { readCheckout } from "./session.ts";
import { checkoutMakingTime, checkoutProduct, checkoutQuote, missingStep, orderToPay, type PartDue, placeCheckoutOrder } from "./steps.ts";

type MethodGroup = { type: PaymentMethodType; methods: Pick<PaymentMethod, "code" | "name" | "logo">[] };

/** What the payment step shows: the methods on offer, grouped, and the amounts to pay. */
export type PaymentStep = Exclude<PaymentStepAnswer, { next: string }>;

/**
 * The payment step of this browser's checkout: paying a placed order again (after a failed or
 * abandoned payment: its own amounts, online methods only), else the new order's methods and
 * amounts (cash only for a Bali address, the test card only in the sandbox). Names in `locale`.
 */
export async function paymentStep(request: Caller, locale: Locale): Promise<PaymentStepAnswer> {
  const data = await readCheckout(request);
  const sandbox = paymentsSandbox();
  const stored = data?.productId || data?.quoteId ? null : await orderToPay(data);
  const unpaid = stored && (await orderInLanguage(stored, locale));
  if (unpaid) {
    const due = amountDue(unpaid);
    const part: PartDue | null =
      due.part === "FULL"
        ? null
        : { kind: due.part, cents: due.part === "DEPOSIT" ? unpaid.depositCents! : unpaid.totalCents - unpaid.depositCents! };
    return {
      groups: methodGroups((m) => isPaidOnline(m.code)),
      sandbox,
      overCap: due.amount > OVER_THE_COUNTER_CAP_IDR,
      orderNumber: unpaid.orderNumber,
      summary: {
        productName: unpaid.productName,
        size: unpaid.size,
        priceCents: unpaid.priceCents,
        deliveryCents: unpaid.deliveryCostCents,
        totalCents: unpaid.totalCents,
        part,
        idr: { amount: due.amount, rate: unpaid.usdToIdrRate },
        customHat: await customHatOfOrder(unpaid),
        makingWorkingDays: await orderMakingWorkingDays(await getDb(), unpaid),
      },
    };
  }
  const back = missingStep(data, "payment");
  if (back || !data?.shippingAddress || !data.deliveryOption) return { next: back ?? "/checkout/shipping-options" };
  const bali = regionOf(data.shippingAddress) === "bali";
  const offered = (m: PaymentMethod) => (m.type !== "CASH_IN_STORE" || bali) && (m.type !== "TEST_CARD" || sandbox);
  const quote = await checkoutQuote(data, locale);
  if (data.quoteId) {
    // The quote's page says why it can no longer be accepted.
    if (quote?.state !== "open") return { next: quote ? `/quotes/${quote.token}` : "/custom" };
    const deliveryCents = deliveryCostCents(data.deliveryOption);
    const { rate } = await usdToIdrRate();
    const depositIdr = centsToIdr(quote.depositCents, rate);
    return {
      groups: methodGroups(offered),
      sandbox,
      overCap: depositIdr > OVER_THE_COUNTER_CAP_IDR,
      orderNumber: null,
      summary: {
        productName: quote.productName,
        size: null,
        priceCents: quote.priceCents,
        deliveryCents,
        totalCents: quote.priceCents + deliveryCents,
        part: { kind: "DEPOSIT", cents: quote.depositCents },
        idr: { amount: depositIdr, rate },
        customHat: quote.customHat,
        makingWorkingDays: null,
      },
    };
  }
  const [product, making] = await Promise.all([checkoutProduct(data, locale), checkoutMakingTime(data)]);
  if (!product?.inStock) return { next: "/checkout/confirmation" };
  const deliveryCents = deliveryCostCents(data.deliveryOption);
  const { rate } = await usdToIdrRate();
  const totalCents = product.priceCents + deliveryCents;
  const totalIdr = centsToIdr(totalCents, rate);
  return {
    groups: methodGroups(offered),
    sandbox,
    overCap: totalIdr > OVER_THE_COUNTER_CAP_IDR,
    orderNumber: null,
    summary: {
      productName: product.name,
      size: data.selectedSize ?? null,
      priceCents: product.priceCents,
      deliveryCents,
      totalCents,
      part: null,
      idr: { amount: totalIdr, rate },
      customHat: null,
      makingWorkingDays: making && usualWorkingDays(making),
    },
  };
}

function methodGroups(offered: (m: PaymentMethod) => boolean): MethodGroup[] {
  const methods = paymentMethods.filter(offered);
  return paymentMethodTypes
    .map((type) => ({ type, methods: methods.filter((m) => m.type === type).map(({ code, name, logo }) => ({ code, name, logo })) }))
    .filter((g) => g.methods.length > 0);
}

/**
 * Pays with the chosen method: the placed order this browser is paying again, else a new order
 * placed from the checkout. Returns where the customer goes: Xendit's page (cards, wallets,
 * pay-later), the QR page, the payment instructions, or the success page for cash and the test card.
 * `orderId`: the order a failed payment's 'Try Again' names; only that order is paid then, never a new one.
 */
export async function pay(request: Caller, choice: { paymentMethod: string; orderId: string | null }, locale: Locale): Promise<string> {
  const code = choice.paymentMethod;
  const data = await readCheckout(request);
  const unpaid = (data?.productId || data?.quoteId) && !choice.orderId ? null : await orderToPay(data);
  if (choice.orderId && unpaid?.id !== choice.orderId)
    throw new AppError("invalid", "This order can no longer be paid here. Please open it from its e-mail.");
  if (unpaid) {
    const method = code ? xenditMethodOf(code) : null;
    if (!method) throw new AppError("invalid", code ? `Invalid payment method: ${code}` : "Please select a payment method");
    return nextUrl(await startPayment(unpaid.id, method));
  }
  const order = await placeCheckoutOrder(request, code, locale);
  const method = xenditMethodOf(order.paymentMethod);
  if (!method) return `/checkout/success?order_id=${order.id}`;
  return nextUrl(await startPayment(order.id, method));
}
