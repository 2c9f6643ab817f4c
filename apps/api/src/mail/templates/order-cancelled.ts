/** To the customer, when an order is cancelled, with the reason. */
import { greeting, type MailOrder, orderButton, signature, type Template, textsIn } from "./shared.ts";

/** Why an order was cancelled: a known reason (written in each language in the catalogue), or a text as it is. */
export type CancelReason = "not-paid" | "customer-request" | "unavailable" | { text: string };

export type OrderCancelledVars = { order: MailOrder; reason: CancelReason };

export const orderCancelled: Template<OrderCancelledVars> = ({ order, reason }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  const why = typeof reason === "string" ? t(`cancelled.reason.${reason}`) : reason.text;
  return {
    subject: t("cancelled.subject", { number: order.orderNumber }),
    blocks: [
      greeting(locale),
      { kind: "p", text: t("cancelled.text", { number: order.orderNumber, hat: order.productName }) },
      { kind: "p", text: t("cancelled.reason", { reason: why }) },
      { kind: "p", text: t("cancelled.help") },
      orderButton(order, context),
      ...signature(locale),
    ],
  };
};
