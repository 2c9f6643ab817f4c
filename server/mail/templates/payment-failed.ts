/** To the customer, when a payment did not go through: a link to try again. */
import { greeting, orderUrl, paymentUrl, signature, totalText, type MailOrder, type Template } from "./shared.ts";

export type PaymentFailedVars = { order: MailOrder };

export const paymentFailed: Template<PaymentFailedVars> = ({ order }, context) => {
  const { locale } = context;
  const ru = locale === "ru";
  return {
    subject: ru ? `Оплата заказа ${order.orderNumber} не прошла` : `Payment for order ${order.orderNumber} did not go through`,
    blocks: [
      greeting(order, locale),
      {
        kind: "p",
        text: ru
          ? `Оплата заказа ${order.orderNumber} на сумму ${totalText(order)} не прошла. Заказ сохранён: попробуйте оплатить ещё раз тем же или другим способом.`
          : `The payment for your order ${order.orderNumber} of ${totalText(order)} did not go through. Your order is saved: you can try again with the same or another payment method.`,
      },
      { kind: "button", label: ru ? "Оплатить ещё раз" : "Try the payment again", href: paymentUrl(context) },
      { kind: "p", text: ru ? `Страница заказа: ${orderUrl(order, context)}` : `Your order's page: ${orderUrl(order, context)}` },
      ...signature(locale),
    ],
  };
};
