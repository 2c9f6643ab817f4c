/** To the customer, when the workshop hands the order to a carrier: who carries it and how to follow it. */
import { greeting, type MailOrder, orderButton, signature, type Template, textsIn } from "./shared.ts";

export type OrderShippedVars = {
  order: MailOrder;
  /** The carrier as staff named it (DHL, Lion Parcel or another). */
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page for this parcel, when the shop knows one. */
  trackingUrl: string | null;
};

export const orderShipped: Template<OrderShippedVars> = ({ order, carrier, trackingNumber, trackingUrl }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  return {
    subject: t("shipped.subject", { number: order.orderNumber }),
    blocks: [
      greeting(locale),
      { kind: "p", text: t("shipped.text", { number: order.orderNumber, hat: order.productName, carrier }) },
      {
        kind: "rows",
        rows: [
          [t("order"), order.orderNumber],
          [t("shipped.carrier"), carrier],
          [t("shipped.tracking"), trackingNumber],
        ],
      },
      trackingUrl
        ? { kind: "button", label: t("shipped.track"), href: trackingUrl }
        : { kind: "p", text: t("shipped.noLink", { carrier }) },
      orderButton(order, context),
      ...signature(locale),
    ],
  };
};
