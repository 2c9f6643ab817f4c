/** The custom hat request's mails: the customer's acknowledgement and the shop's copy. */
import { shop } from "@workshop/domain/shop.ts";
import type { Row } from "#server/db/types.ts";
import { paragraphsOf } from "./blocks.ts";
import { oneLine } from "./contact-message.ts";
import { greeting, placedAt, type Template, textsIn } from "./shared.ts";

/** The request fields the mails show: a `custom_orders` row fits as it is. */
type MailCustomOrder = Pick<
  Row<"customOrders">,
  "id" | "name" | "email" | "phone" | "hatType" | "material" | "size" | "color" | "budget" | "timeline" | "details" | "locale" | "createdAt"
>;

export type CustomOrderVars = { request: MailCustomOrder; photos: number };

const number = (id: number) => `#C${id}`;

function summary(request: MailCustomOrder, photos: number, t: ReturnType<typeof textsIn>): [string, string][] {
  const rows: [string, string][] = [
    [t("custom.hatType"), request.hatType],
    [t("custom.material"), request.material],
    [t("custom.size"), request.size],
    [t("custom.color"), request.color || "—"],
    [t("custom.budget"), request.budget || "—"],
    [t("custom.timeline"), request.timeline],
  ];
  if (photos > 0) rows.push([t("custom.photos"), String(photos)]);
  return rows;
}

export type CustomOrderReceivedVars = { request: Pick<MailCustomOrder, "id"> };

/**
 * To the customer, in the language of the page they wrote from: the request's number and what
 * happens next, nothing the form's sender typed. Anyone may give someone else's address, so
 * quoting the form (or the name) would let a stranger write to it through the shop.
 */
export const customOrderReceived: Template<CustomOrderReceivedVars> = ({ request }, context) => {
  const t = textsIn(context.locale);
  const params = { number: number(request.id), shop: shop.name };
  return {
    subject: t("custom.subject", params),
    blocks: [
      greeting(context.locale),
      { kind: "p", text: t("custom.intro", params) },
      { kind: "p", text: t("custom.kept") },
      { kind: "p", text: t("custom.notYou") },
      { kind: "footer", lines: [t("questions"), t("signature")] },
    ],
  };
};

/** To the shop (SHOP_MAIL_TO), delivered with Reply-To the customer (outbox.ts). */
export const shopCustomOrder: Template<CustomOrderVars> = ({ request, photos }, context) => {
  const t = textsIn(context.locale);
  return {
    subject: t("custom.shop.subject", { number: number(request.id), name: oneLine(request.name), hatType: request.hatType }),
    blocks: [
      { kind: "p", text: t("custom.shop.intro") },
      {
        kind: "rows",
        rows: [
          [t("custom.shop.from"), `${request.name} <${request.email}>`],
          [t("custom.shop.phone"), request.phone || "—"],
          [t("contact.received"), placedAt(request.createdAt, context.locale)],
          [t("shop.language"), request.locale],
          ...summary(request, photos, t),
        ],
      },
      { kind: "heading", text: t("custom.details") },
      { kind: "quote", text: request.details.replace(/\r\n?/g, "\n") },
    ],
  };
};

export type CustomOrderMessageVars = { request: Pick<MailCustomOrder, "id" | "hatType">; subject: string; text: string };

/** To the customer: what staff wrote about the request (Contact Customer), in the request's language. */
export const customOrderMessage: Template<CustomOrderMessageVars> = ({ request, subject, text }, context) => {
  const t = textsIn(context.locale);
  return {
    subject,
    blocks: [
      ...paragraphsOf(text),
      {
        kind: "footer",
        lines: [
          t("custom.staff.about", { number: number(request.id), hatType: oneLine(request.hatType) }),
          t("questions"),
          `${shop.name} · ${shop.email} · ${shop.phone}`,
        ],
      },
    ],
  };
};
