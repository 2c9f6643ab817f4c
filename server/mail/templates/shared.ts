/** What every order mail shares: the order's details, links, the workshop's visit facts, the signature. */
import { deliveryDays, deliveryOptions, deliveryWindow, isDeliveryOptionId, makingDays } from "../../../lib/delivery.ts";
import { localePath, type Locale } from "../../../lib/locale.ts";
import { formatIdr, formatUsd } from "../../../lib/money.ts";
import { paymentMethodByCode } from "../../../lib/payment-methods.ts";
import { addressLines, shop } from "../../../lib/shop.ts";
import type { orders } from "../../db/schema.ts";
import type { Block } from "./blocks.ts";

/** The order fields the mails show: an order row (`typeof orders.$inferSelect`) fits as it is. */
export type MailOrder = Pick<
  typeof orders.$inferSelect,
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
>;

export type MailContext = { locale: Locale; publicUrl: string };

/** A template: the mail's subject and blocks for its variables, in the context's language. */
export type Template<V> = (vars: V, context: MailContext) => { subject: string; blocks: Block[] };

const labels = {
  en: {
    order: "Order",
    hat: "Hat",
    size: "Size",
    sizeValue: (cm: number) => `${cm} cm`,
    color: "Color",
    price: "Price",
    delivery: "Delivery",
    free: "free",
    total: "Total",
    payment: "Payment",
    placed: "Placed",
    hello: (name: string) => `Hello ${name},`,
    viewOrder: "View your order",
    signature: "Warm wishes from Ubud,\nthe Rumah Topi workshop",
    questions: "Questions? Just reply to this e-mail.",
    hours: "Open Monday – Saturday, 9:00 am – 5:00 pm; closed on Sunday",
  },
  ru: {
    order: "Заказ",
    hat: "Шляпа",
    size: "Размер",
    sizeValue: (cm: number) => `${cm} см`,
    color: "Цвет",
    price: "Цена",
    delivery: "Доставка",
    free: "бесплатно",
    total: "Итого",
    payment: "Оплата",
    placed: "Оформлен",
    hello: (name: string) => `Здравствуйте, ${name}!`,
    viewOrder: "Открыть страницу заказа",
    signature: "С теплом из Убуда,\nмастерская Rumah Topi",
    questions: "Есть вопросы? Просто ответьте на это письмо.",
    hours: "Открыто с понедельника по субботу, 9:00–17:00; воскресенье — выходной",
  },
} satisfies Record<Locale, unknown>;

export function label(locale: Locale) {
  return labels[locale];
}

/** Names the catalogue keeps in English only, in Russian. */
const russianNames: Record<string, string> = {
  PICKUP: "Самовывоз из мастерской",
  CARD: "Банковская карта",
  CASH_IN_STORE: "Наличными в мастерской",
  TEST_CARD: "Тестовая карта",
};

export function deliveryName(code: string, locale: Locale): string {
  if (locale === "ru" && russianNames[code]) return russianNames[code];
  return isDeliveryOptionId(code) ? deliveryOptions[code].name : code;
}

export function paymentName(code: string, locale: Locale): string {
  if (locale === "ru" && russianNames[code]) return russianNames[code];
  return paymentMethodByCode(code)?.name ?? code;
}

export function isCashInStore(order: MailOrder): boolean {
  return paymentMethodByCode(order.paymentMethod)?.type === "CASH_IN_STORE";
}

/** "$215.00 (Rp 3.607.100)": the total in dollars and the rupiah the customer pays. */
export function totalText(order: MailOrder): string {
  return `${formatUsd(order.totalCents)} (${formatIdr(order.totalIdr)})`;
}

export function customerName(order: MailOrder): string {
  return order.shippingAddress.fullName.trim() || order.shippingAddress.email;
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
    format = new Intl.DateTimeFormat(locale === "ru" ? "ru-RU" : "en-GB", { timeZone: "Asia/Makassar", dateStyle: "medium", timeStyle: "short" });
    placedFormats.set(locale, format);
  }
  return `${format.format(new Date(date))} WITA`;
}

/** The order's details as label and value rows. */
export function orderRows(order: MailOrder, locale: Locale): [string, string][] {
  const l = label(locale);
  const delivery =
    order.deliveryCostCents === 0
      ? `${deliveryName(order.deliveryOption, locale)}, ${l.free}`
      : `${deliveryName(order.deliveryOption, locale)}, ${formatUsd(order.deliveryCostCents)}`;
  const rows: [string, string][] = [
    [l.order, order.orderNumber],
    [l.hat, order.productName],
  ];
  if (order.size !== null) rows.push([l.size, l.sizeValue(order.size)]);
  if (order.color.trim()) rows.push([l.color, order.color]);
  rows.push(
    [l.price, formatUsd(order.priceCents)],
    [l.delivery, delivery],
    [l.total, totalText(order)],
    [l.payment, paymentName(order.paymentMethod, locale)],
  );
  return rows;
}

/** 'Crafting takes 5–10 business days': the making time of lib/delivery.ts, the one every page states. */
export function makingText(locale: Locale): string {
  const { min, max } = makingDays;
  return locale === "ru" ? `${min}–${max} рабочих дней` : `${min}–${max} business days`;
}

/** When a hat paid for at `paidAt` arrives (or is ready for pickup): making plus the carrier's time. */
export function deliveryPromise(order: MailOrder, paidAt: Date, locale: Locale): string | null {
  if (!isDeliveryOptionId(order.deliveryOption)) return null;
  const { from, to } = deliveryDays(deliveryWindow(order.deliveryOption, paidAt), locale);
  if (order.deliveryOption === "PICKUP") return locale === "ru" ? `Шляпу можно будет забрать между ${from} и ${to}.` : `Your hat will be ready for pickup between ${from} and ${to}.`;
  return locale === "ru" ? `Ориентировочная доставка: между ${from} и ${to}.` : `Estimated delivery: between ${from} and ${to}.`;
}

/** Where the workshop is and when it is open. */
export function workshopLines(locale: Locale): string[] {
  return [shop.name, ...addressLines, label(locale).hours];
}

export function greeting(order: MailOrder, locale: Locale): Block {
  return { kind: "p", text: label(locale).hello(customerName(order)) };
}

export function orderButton(order: MailOrder, context: MailContext): Block {
  return { kind: "button", label: label(context.locale).viewOrder, href: orderUrl(order, context) };
}

export function signature(locale: Locale): Block[] {
  const l = label(locale);
  return [
    { kind: "p", text: l.signature },
    { kind: "footer", lines: [l.questions, `${shop.name} · ${addressLines.join(", ")}`, `${shop.email} · ${shop.phone}`] },
  ];
}
