/** To the shop, when a payment needs a person: paid after cancellation, paid twice, a wrong amount. */
import { formatIdr } from "@workshop/domain/money.ts";
import { type MailOrder, orderUrl, type Template, textsIn } from "./shared.ts";

export type ShopPaymentFlaggedVars = {
  order: MailOrder;
  payment: { id: string; method: string; amount: number; currency: string };
  /** Why it was flagged, as recorded on the payment. */
  reason: string;
};

export const shopPaymentFlagged: Template<ShopPaymentFlaggedVars> = ({ order, payment, reason }, context) => {
  const t = textsIn(context.locale);
  const amount = payment.currency === "IDR" ? formatIdr(payment.amount) : `${payment.amount} ${payment.currency}`;
  return {
    subject: t("flagged.subject", { number: order.orderNumber }),
    blocks: [
      { kind: "p", text: t("flagged.text") },
      {
        kind: "rows",
        rows: [
          [t("flagged.reason"), reason],
          [t("order"), order.orderNumber],
          [t("flagged.payment"), payment.id],
          [t("flagged.method"), payment.method],
          [t("flagged.amount"), amount],
        ],
      },
      { kind: "button", label: t("shop.orderPage"), href: orderUrl(order, context) },
    ],
  };
};
