/** To the shop's own address, for every new order: all its details and the customer's contact. */
import { countryName, type MailOrder, orderRows, orderUrl, placedAt, type Template, textsIn, totalText } from "./shared.ts";

export type ShopNewOrderVars = { order: MailOrder };

export const shopNewOrder: Template<ShopNewOrderVars> = ({ order }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  const a = order.shippingAddress;
  const address = [a.addressLine1, a.addressLine2, `${a.city}, ${a.state} ${a.postalCode}`.trim(), countryName(a.country, locale)].filter(
    (line): line is string => !!line && !!line.trim(),
  );
  return {
    subject: t("shop.subject", { number: order.orderNumber, hat: order.productName, total: totalText(order) }),
    blocks: [
      { kind: "p", text: t("shop.intro") },
      {
        kind: "rows",
        rows: [...orderRows(order, locale), [t("placed"), placedAt(order.createdAt, locale)], [t("shop.language"), order.locale]],
      },
      { kind: "heading", text: t("shop.customer") },
      {
        kind: "rows",
        rows: [
          [t("shop.name"), a.fullName],
          ["E-mail", a.email],
          [t("shop.phone"), a.phone],
          [t("shop.address"), address.join("\n")],
        ],
      },
      { kind: "button", label: t("shop.orderPage"), href: orderUrl(order, context) },
    ],
  };
};
