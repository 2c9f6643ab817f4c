/** To the customer, when the payment of an order is confirmed. */
import {
  deliveryPromise,
  greeting,
  isCustomHat,
  type MailOrder,
  makingText,
  orderButton,
  signature,
  type Template,
  textsIn,
  totalText,
} from "./shared.ts";

export type PaymentConfirmedVars = { order: MailOrder };

export const paymentConfirmed: Template<PaymentConfirmedVars> = ({ order }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  // A custom hat is paid in full with its balance, once it is made: no making time to promise.
  const custom = isCustomHat(order);
  // The order changed last when its payment was confirmed: the count starts then.
  const promise = custom ? null : deliveryPromise(order, order.updatedAt, locale);
  return {
    subject: t("confirmed.subject", { number: order.orderNumber }),
    blocks: [
      greeting(locale),
      {
        kind: "p",
        text: custom
          ? t("confirmed.custom", { number: order.orderNumber })
          : t("confirmed.text", { number: order.orderNumber, making: makingText(locale) }),
      },
      ...(promise ? [{ kind: "p" as const, text: promise }] : []),
      {
        kind: "rows",
        rows: [
          [t("order"), order.orderNumber],
          [t("hat"), order.productName],
          [t("confirmed.paid"), totalText(order)],
        ],
      },
      orderButton(order, context),
      ...signature(locale),
    ],
  };
};
