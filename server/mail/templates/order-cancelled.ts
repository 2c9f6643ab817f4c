/** To the customer, when an order is cancelled, with the reason. */
import { greeting, orderButton, signature, type MailOrder, type Template } from "./shared.ts";

/** Why an order was cancelled: a known reason (written in each language here), or a text as it is. */
export type CancelReason = "not-paid" | "customer-request" | "unavailable" | { text: string };

export type OrderCancelledVars = { order: MailOrder; reason: CancelReason };

const reasons = {
  en: {
    "not-paid": "the payment did not arrive within 7 days.",
    "customer-request": "you asked us to cancel it.",
    unavailable: "we are unable to make this hat for you.",
  },
  ru: {
    "not-paid": "оплата не поступила в течение 7 дней.",
    "customer-request": "по вашей просьбе.",
    unavailable: "к сожалению, мы не сможем изготовить для вас эту шляпу.",
  },
} as const;

export const orderCancelled: Template<OrderCancelledVars> = ({ order, reason }, context) => {
  const { locale } = context;
  const ru = locale === "ru";
  const why = typeof reason === "string" ? reasons[locale][reason] : reason.text;
  return {
    subject: ru ? `Заказ ${order.orderNumber} отменён` : `Order ${order.orderNumber} cancelled`,
    blocks: [
      greeting(order, locale),
      { kind: "p", text: ru ? `Ваш заказ ${order.orderNumber} (${order.productName}) отменён.` : `Your order ${order.orderNumber} (${order.productName}) has been cancelled.` },
      { kind: "p", text: ru ? `Причина: ${why}` : `Reason: ${why}` },
      {
        kind: "p",
        text: ru
          ? "Если это неожиданно для вас или шляпа всё ещё нужна, просто ответьте на это письмо — мы поможем."
          : "If this comes as a surprise, or you would still like the hat, just reply to this e-mail and we will help.",
      },
      orderButton(order, context),
      ...signature(locale),
    ],
  };
};
