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

/** `makingWorkingDays`: a hat made to order's usual making time (promised-dates.ts); absent or null, the shop's business days. */
export type PaymentConfirmedVars = { order: MailOrder; makingWorkingDays?: number | null };

export const paymentConfirmed: Template<PaymentConfirmedVars> = ({ order, makingWorkingDays = null }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  // A custom hat is paid in full with its balance, once it is made: no making time to promise.
  const custom = isCustomHat(order);
  // The order changed last when its payment was confirmed: the count starts then.
  const promise = custom ? null : deliveryPromise(order, order.updatedAt, locale, makingWorkingDays);
  return {
    subject: t("confirmed.subject", { number: order.orderNumber }),
    blocks: [
      greeting(locale),
      {
        kind: "p",
        text: custom
          ? t("confirmed.custom", { number: order.orderNumber })
          : t("confirmed.text", { number: order.orderNumber, making: makingText(locale, makingWorkingDays) }),
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
