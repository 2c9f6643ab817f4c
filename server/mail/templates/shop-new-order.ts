/** To the shop's own address, for every new order: all its details and the customer's contact. */
import { label, orderRows, orderUrl, placedAt, totalText, type MailOrder, type Template } from "./shared.ts";

export type ShopNewOrderVars = { order: MailOrder };

export const shopNewOrder: Template<ShopNewOrderVars> = ({ order }, context) => {
  const { locale } = context;
  const ru = locale === "ru";
  const a = order.shippingAddress;
  const address = [a.addressLine1, a.addressLine2, `${a.city}, ${a.state} ${a.postalCode}`.trim(), a.country].filter(
    (line): line is string => !!line && !!line.trim(),
  );
  return {
    subject: ru
      ? `Новый заказ ${order.orderNumber}: ${order.productName}, ${totalText(order)}`
      : `New order ${order.orderNumber}: ${order.productName}, ${totalText(order)}`,
    blocks: [
      { kind: "p", text: ru ? "На сайте оформлен новый заказ." : "A new order has been placed on the website." },
      {
        kind: "rows",
        rows: [
          ...orderRows(order, locale),
          [label(locale).placed, placedAt(order.createdAt, locale)],
          [ru ? "Язык покупателя" : "Customer's language", order.locale],
        ],
      },
      { kind: "heading", text: ru ? "Покупатель" : "Customer" },
      {
        kind: "rows",
        rows: [
          [ru ? "Имя" : "Name", a.fullName],
          ["E-mail", a.email],
          [ru ? "Телефон" : "Phone", a.phone],
          [ru ? "Адрес" : "Address", address.join("\n")],
        ],
      },
      { kind: "button", label: ru ? "Страница заказа" : "The order's page", href: orderUrl(order, context) },
    ],
  };
};
