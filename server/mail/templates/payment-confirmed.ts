/** To the customer, when the payment of an order is confirmed. */
import { greeting, label, orderButton, signature, totalText, type MailOrder, type Template } from "./shared.ts";

export type PaymentConfirmedVars = { order: MailOrder };

export const paymentConfirmed: Template<PaymentConfirmedVars> = ({ order }, context) => {
  const { locale } = context;
  const l = label(locale);
  const ru = locale === "ru";
  return {
    subject: ru ? `Оплата заказа ${order.orderNumber} получена` : `Payment received for order ${order.orderNumber}`,
    blocks: [
      greeting(order, locale),
      {
        kind: "p",
        text: ru
          ? `Спасибо! Мы получили оплату заказа ${order.orderNumber}. Мастера уже приступают к вашей шляпе: изготовление занимает 5–10 дней, и мы напишем, когда она будет готова.`
          : `Thank you! We have received the payment for order ${order.orderNumber}. Our weavers are starting on your hat: crafting takes 5–10 days, and we will write to you when it is ready.`,
      },
      {
        kind: "rows",
        rows: [
          [l.order, order.orderNumber],
          [l.hat, order.productName],
          [ru ? "Оплачено" : "Paid", totalText(order)],
        ],
      },
      orderButton(order, context),
      ...signature(locale),
    ],
  };
};
