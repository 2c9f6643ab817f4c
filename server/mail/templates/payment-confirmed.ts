/** To the customer, when the payment of an order is confirmed. */
import { deliveryPromise, greeting, label, makingText, orderButton, signature, totalText, type MailOrder, type Template } from "./shared.ts";

export type PaymentConfirmedVars = { order: MailOrder };

export const paymentConfirmed: Template<PaymentConfirmedVars> = ({ order }, context) => {
  const { locale } = context;
  const l = label(locale);
  const ru = locale === "ru";
  const promise = deliveryPromise(order, order.updatedAt, locale);
  return {
    subject: ru ? `Оплата заказа ${order.orderNumber} получена` : `Payment received for order ${order.orderNumber}`,
    blocks: [
      greeting(order, locale),
      {
        kind: "p",
        text: ru
          ? `Спасибо! Мы получили оплату заказа ${order.orderNumber}. Мастера уже приступают к вашей шляпе: изготовление занимает ${makingText(locale)}, и мы напишем, когда она будет готова.`
          : `Thank you! We have received the payment for order ${order.orderNumber}. Our weavers are starting on your hat: crafting takes ${makingText(locale)}, and we will write to you when it is ready.`,
      },
      // The order changed last when its payment was confirmed: the count starts then.
      ...(promise ? [{ kind: "p" as const, text: promise }] : []),
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
