/** To the shop, when a payment needs a person: paid after cancellation, paid twice, a wrong amount. */
import { formatIdr } from "../../../lib/money.ts";
import { orderUrl, type MailOrder, type Template } from "./shared.ts";

export type ShopPaymentFlaggedVars = {
  order: MailOrder;
  payment: { id: string; method: string; amount: number; currency: string };
  /** Why it was flagged, as recorded on the payment. */
  reason: string;
};

export const shopPaymentFlagged: Template<ShopPaymentFlaggedVars> = ({ order, payment, reason }, context) => {
  const ru = context.locale === "ru";
  const amount = payment.currency === "IDR" ? formatIdr(payment.amount) : `${payment.amount} ${payment.currency}`;
  return {
    subject: ru ? `Платёж по заказу ${order.orderNumber} требует внимания` : `A payment for order ${order.orderNumber} needs attention`,
    blocks: [
      {
        kind: "p",
        text: ru
          ? "Xendit сообщил о платеже, который магазин не провёл автоматически. Проверьте его в панели Xendit: возможно, нужен возврат или ручное подтверждение."
          : "Xendit reported a payment the shop did not apply by itself. Please look at it in the Xendit dashboard: it may need a refund or a manual confirmation.",
      },
      {
        kind: "rows",
        rows: [
          [ru ? "Причина" : "Reason", reason],
          [ru ? "Заказ" : "Order", order.orderNumber],
          [ru ? "Платёж Xendit" : "Xendit payment", payment.id],
          [ru ? "Способ" : "Method", payment.method],
          [ru ? "Сумма платежа" : "Payment amount", amount],
        ],
      },
      { kind: "button", label: ru ? "Страница заказа" : "The order's page", href: orderUrl(order, context) },
    ],
  };
};
