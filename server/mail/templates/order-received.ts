/** To the customer, when an order is placed: its details, its page and, for cash, how to pay in the workshop. */
import { shop } from "../../../lib/shop.ts";
import { greeting, isCashInStore, makingText, orderButton, orderRows, signature, workshopLines, type MailOrder, type Template } from "./shared.ts";
import type { Block } from "./blocks.ts";

export type OrderReceivedVars = { order: MailOrder };

export const orderReceived: Template<OrderReceivedVars> = ({ order }, context) => {
  const { locale } = context;
  const cash = isCashInStore(order);
  const ru = locale === "ru";
  const blocks: Block[] = [
    greeting(order, locale),
    {
      kind: "p",
      text: ru
        ? "Спасибо за заказ! Ниже — его подробности. Следить за заказом можно на его странице."
        : "Thank you for your order! Here are its details; you can follow it on its page at any time.",
    },
    { kind: "rows", rows: orderRows(order, locale) },
    orderButton(order, context),
  ];
  if (cash) {
    blocks.push(
      { kind: "heading", text: ru ? "Оплата в мастерской" : "Paying in our workshop" },
      {
        kind: "p",
        text: ru
          ? "Пожалуйста, приходите в мастерскую в течение 7 дней и оплатите заказ наличными полностью: каждую шляпу мы начинаем плести после 100% предоплаты."
          : "Please visit the workshop within 7 days and pay for your order in cash: we start every hat after a 100% prepayment.",
      },
      { kind: "box", lines: workshopLines(locale) },
      {
        kind: "p",
        text: ru
          ? `Изготовление занимает ${makingText(locale)} после оплаты. Заказы, не оплаченные в течение 7 дней, отменяются автоматически.`
          : `Crafting takes ${makingText(locale)} after payment. Orders that are not paid within 7 days are cancelled automatically.`,
      },
    );
  } else {
    blocks.push({
      kind: "p",
      text: ru
        ? `Как только оплата будет подтверждена, мы сообщим вам об этом и начнём плести шляпу — это занимает ${makingText(locale)}.`
        : `As soon as your payment is confirmed, we will let you know and start crafting your hat, which takes ${makingText(locale)}.`,
    });
  }
  blocks.push(...signature(locale));
  return {
    subject: ru ? `Заказ ${order.orderNumber} принят — ${shop.name}` : `Order ${order.orderNumber} received — ${shop.name}`,
    blocks,
  };
};
