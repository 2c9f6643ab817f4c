/** To the customer, when an order is placed: its details, its page and, for cash, how to pay in the workshop. */
import { shop } from "@workshop/domain/shop.ts";
import type { Block } from "./blocks.ts";
import {
  cashDeadline,
  greeting,
  isCashInStore,
  isCustomHat,
  type MailOrder,
  makingText,
  orderButton,
  orderRows,
  signature,
  type Template,
  textsIn,
  workshopLines,
} from "./shared.ts";

/** `makingWorkingDays`: a hat made to order's usual making time (promised-dates.ts); absent or null, the shop's business days. */
export type OrderReceivedVars = { order: MailOrder; makingWorkingDays?: number | null };

export const orderReceived: Template<OrderReceivedVars> = ({ order, makingWorkingDays = null }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  const making = makingText(locale, makingWorkingDays);
  const blocks: Block[] = [
    greeting(locale),
    { kind: "p", text: t("received.intro") },
    { kind: "rows", rows: orderRows(order, locale) },
    orderButton(order, context),
  ];
  if (isCashInStore(order)) {
    blocks.push(
      { kind: "heading", text: t("received.cash.title") },
      { kind: "p", text: t(isCustomHat(order) ? "received.custom.visit" : "received.cash.visit", { date: cashDeadline(order, locale) }) },
      { kind: "box", lines: workshopLines(locale) },
      { kind: "p", text: isCustomHat(order) ? t("received.custom.cash") : t("received.cash.making", { making }) },
    );
  } else {
    blocks.push({ kind: "p", text: isCustomHat(order) ? t("received.custom.online") : t("received.online.making", { making }) });
  }
  blocks.push(...signature(locale));
  return { subject: t("received.subject", { number: order.orderNumber, shop: shop.name }), blocks };
};
