/** To the customer, when a payment did not go through or ran out of time: a link to try again. */
import { greeting, orderUrl, signature, totalText, type MailOrder, type Template } from "./shared.ts";

export type PaymentFailedVars = { order: MailOrder; expired?: boolean };

export const paymentFailed: Template<PaymentFailedVars> = ({ order, expired = false }, context) => {
  const { locale } = context;
  const ru = locale === "ru";
  const total = totalText(order);
  const what = expired
    ? ru
      ? `Время на оплату заказа ${order.orderNumber} на сумму ${total} истекло.`
      : `The time to pay for your order ${order.orderNumber} of ${total} ran out.`
    : ru
      ? `Оплата заказа ${order.orderNumber} на сумму ${total} не прошла.`
      : `The payment for your order ${order.orderNumber} of ${total} did not go through.`;
  return {
    subject: expired
      ? ru
        ? `Время на оплату заказа ${order.orderNumber} истекло`
        : `The payment for order ${order.orderNumber} expired`
      : ru
        ? `Оплата заказа ${order.orderNumber} не прошла`
        : `Payment for order ${order.orderNumber} did not go through`,
    blocks: [
      greeting(order, locale),
      {
        kind: "p",
        text: `${what} ${ru ? "Заказ сохранён: оплатите его ещё раз тем же или другим способом на странице заказа." : "Your order is saved: you can pay again, with the same or another method, from your order's page."}`,
      },
      { kind: "button", label: ru ? "Оплатить ещё раз" : "Try the payment again", href: orderUrl(order, context) },
      ...signature(locale),
    ],
  };
};
