/** What every order mail shares: the order's details, links, the workshop's visit facts, the signature. */
import { cashPaymentDeadline } from "@workshop/domain/cash-payment-deadline.ts";
import { deliveryDays, deliveryWindow, isDeliveryOptionId, makingDays } from "@workshop/domain/delivery.ts";
import { type Translate, translator } from "@workshop/domain/i18n/core.ts";
import { countryNames } from "@workshop/domain/i18n/countries.ts";
import { deliveryTexts } from "@workshop/domain/i18n/delivery.ts";
import { type Locale, localePath } from "@workshop/domain/locale.ts";
import { madeToOrderWindow } from "@workshop/domain/making-stages.ts";
import { formatIdr, formatUsd } from "@workshop/domain/money.ts";
import { openingHoursText } from "@workshop/domain/opening-hours-text.ts";
import { formatOrderDate } from "@workshop/domain/order-date.ts";
import { paymentMethodByCode, paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { addressLines, shop } from "@workshop/domain/shop.ts";
import { workingDaysText } from "@workshop/domain/working-days-text.ts";
import type { Row } from "#server/db/types.ts";
import { mailTexts } from "#server/mail/i18n/mail.ts";
import type { Block } from "./blocks.ts";

/** The order fields the mails show: an order row (`Row<"orders">`) fits as it is. */
export type MailOrder = Pick<
  Row<"orders">,
  | "orderNumber"
  | "accessToken"
  | "productName"
  | "size"
  | "color"
  | "priceCents"
  | "deliveryOption"
  | "deliveryCostCents"
  | "totalCents"
  | "totalIdr"
  | "paymentMethod"
  | "shippingAddress"
  | "locale"
  | "createdAt"
  | "updatedAt"
  | "customOrderId"
  | "depositCents"
  | "depositIdr"
>;

export type MailContext = { locale: Locale; publicUrl: string };

/** A template: the mail's subject and blocks for its variables, in the context's language. */
export type Template<V> = (vars: V, context: MailContext) => { subject: string; blocks: Block[] };

/** The mail texts in the context's language (src/mail/i18n/mail.ts). */
export function textsIn(locale: Locale): Translate<keyof typeof mailTexts.en & string> {
  return translator(mailTexts, locale);
}

/** A delivery option's name in the language ("DHL International Express"); an unknown one as it is. */
export function deliveryName(code: string, locale: Locale): string {
  return isDeliveryOptionId(code) ? translator(deliveryTexts, locale)(`${code}.name`) : code;
}

function paymentName(code: string, locale: Locale): string {
  return paymentMethodName(code, locale);
}

/** A country's name in the language; one the list does not know as it is. */
export function countryName(country: string, locale: Locale): string {
  return Object.hasOwn(countryNames.en, country) ? translator(countryNames, locale)(country as keyof typeof countryNames.en) : country;
}

/** A hat made to a custom request's quote: paid as a deposit and a balance, made in the quote's time. */
export function isCustomHat(order: MailOrder): boolean {
  return order.customOrderId !== null;
}

export function isCashInStore(order: MailOrder): boolean {
  return paymentMethodByCode(order.paymentMethod)?.type === "CASH_IN_STORE";
}

/** "$215.00 (Rp 3.607.100)": the total in dollars and the rupiah the customer pays. */
export function totalText(order: MailOrder): string {
  return `${formatUsd(order.totalCents)} (${formatIdr(order.totalIdr)})`;
}

export function orderUrl(order: MailOrder, context: MailContext): string {
  return `${context.publicUrl}${localePath(context.locale, `/orders/${encodeURIComponent(order.accessToken)}`)}`;
}

/** The time in Bali (WITA), where the workshop is. */
// Made once per language: building a date format is far slower than using one.
const placedFormats = new Map<Locale, Intl.DateTimeFormat>();

export function placedAt(date: Date | string, locale: Locale): string {
  let format = placedFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "ru" ? "ru-RU" : "en-GB", {
      timeZone: "Asia/Makassar",
      dateStyle: "medium",
      timeStyle: "short",
    });
    placedFormats.set(locale, format);
  }
  return `${format.format(new Date(date))} WITA`;
}

/** When a cash order must be paid at the workshop, written as its pages write it (shop-order.ts). */
export function cashDeadline(order: MailOrder, locale: Locale): string {
  return formatOrderDate(cashPaymentDeadline(order.createdAt), locale);
}

/** The order's details as label and value rows. */
export function orderRows(order: MailOrder, locale: Locale): [string, string][] {
  const t = textsIn(locale);
  const delivery = `${deliveryName(order.deliveryOption, locale)}, ${order.deliveryCostCents === 0 ? t("free") : formatUsd(order.deliveryCostCents)}`;
  const rows: [string, string][] = [
    [t("order"), order.orderNumber],
    [t("hat"), order.productName],
  ];
  if (order.size !== null) rows.push([t("size"), t("sizeValue", { cm: order.size })]);
  if (order.color.trim()) rows.push([t("color"), order.color]);
  rows.push([t("price"), formatUsd(order.priceCents)], [t("delivery"), delivery], [t("total"), totalText(order)]);
  if (order.depositCents !== null && order.depositIdr !== null) {
    // A custom hat is paid in two parts: say what each is, in the currency the customer pays.
    rows.push(
      [t("rows.deposit"), `${formatUsd(order.depositCents)} (${formatIdr(order.depositIdr)})`],
      [t("rows.balance"), `${formatUsd(order.totalCents - order.depositCents)} (${formatIdr(order.totalIdr - order.depositIdr)})`],
    );
  }
  rows.push([t("payment"), paymentName(order.paymentMethod, locale)]);
  return rows;
}

/**
 * How long the hat takes to make, as the order's pages say it: a hat made to order, its stages' usual
 * working days ("10 working days"); a ready hat, the shop's business days ("5–10 business days").
 */
export function makingText(locale: Locale, workingDays: number | null = null): string {
  return workingDays === null ? textsIn(locale)("making", makingDays) : workingDaysText(workingDays, locale);
}

/** When a hat paid for at `paidAt` arrives (or is ready for pickup): making plus the carrier's time. */
export function deliveryPromise(order: MailOrder, paidAt: Date, locale: Locale, workingDays: number | null = null): string | null {
  if (!isDeliveryOptionId(order.deliveryOption)) return null;
  const window =
    workingDays === null
      ? deliveryWindow(order.deliveryOption, paidAt)
      : madeToOrderWindow(order.deliveryOption, paidAt, [{ usualDays: workingDays }]);
  const days = deliveryDays(window, locale);
  return textsIn(locale)(order.deliveryOption === "PICKUP" ? "promise.ready" : "promise.arrives", days);
}

/** Where the workshop is and when it is open (packages/domain/src/opening-hours.ts). */
export function workshopLines(locale: Locale): string[] {
  return [shop.name, ...addressLines, textsIn(locale)("hours", { hours: openingHoursText(locale) })];
}

/**
 * No name: it was typed at checkout by whoever placed the order, and the order's address is not
 * confirmed (anyone may give someone else's), so the shop does not repeat it to that address.
 */
export function greeting(locale: Locale): Block {
  return { kind: "p", text: textsIn(locale)("hello") };
}

export function orderButton(order: MailOrder, context: MailContext): Block {
  return { kind: "button", label: textsIn(context.locale)("viewOrder"), href: orderUrl(order, context) };
}

export function signature(locale: Locale): Block[] {
  const t = textsIn(locale);
  return [
    { kind: "p", text: t("signature") },
    { kind: "footer", lines: [t("questions"), `${shop.name} · ${addressLines.join(", ")}`, `${shop.email} · ${shop.phone}`] },
  ];
}
