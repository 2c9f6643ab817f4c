/** To the customer: a message the workshop's staff wrote about an order, as they wrote it. */

import { shop } from "#lib/shop.ts";
import type { Block } from "./blocks.ts";
import { type MailOrder, orderButton, type Template, textsIn } from "./shared.ts";

export type StaffMessageVars = { order: MailOrder; subject: string; text: string };

export const staffMessage: Template<StaffMessageVars> = ({ order, subject, text }, context) => {
  const t = textsIn(context.locale);
  // Paragraphs as typed: a blank line starts a new one, a single break stays a break.
  const paragraphs: Block[] = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ kind: "p", text: p }));
  return {
    subject,
    blocks: [
      ...paragraphs,
      orderButton(order, context),
      {
        kind: "footer",
        lines: [t("staff.about", { number: order.orderNumber }), t("questions"), `${shop.name} · ${shop.email} · ${shop.phone}`],
      },
    ],
  };
};
