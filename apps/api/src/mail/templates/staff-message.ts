/** To the customer: a message the workshop's staff wrote about an order, as they wrote it. */

import { shop } from "@workshop/domain/shop.ts";
import { paragraphsOf } from "./blocks.ts";
import { type MailOrder, orderButton, type Template, textsIn } from "./shared.ts";

export type StaffMessageVars = { order: MailOrder; subject: string; text: string };

export const staffMessage: Template<StaffMessageVars> = ({ order, subject, text }, context) => {
  const t = textsIn(context.locale);
  return {
    subject,
    blocks: [
      ...paragraphsOf(text),
      orderButton(order, context),
      {
        kind: "footer",
        lines: [t("staff.about", { number: order.orderNumber }), t("questions"), `${shop.name} · ${shop.email} · ${shop.phone}`],
      },
    ],
  };
};
