/** The contact messages' mails: the shop's copy of each new message, and staff's reply to its sender. */
import { shop } from "@workshop/domain/shop.ts";
import type { Row } from "#server/db/types.ts";
import { placedAt, type Template, textsIn } from "./shared.ts";

/** The message fields the mails show: a `contact_messages` row fits as it is. */
type MailContactMessage = Pick<Row<"contactMessages">, "id" | "name" | "email" | "subject" | "message" | "locale" | "createdAt">;

/** One line: a subject typed with line breaks or runs of spaces is shown (and sent) on one line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A text with its line breaks as "\n" (a browser's form sends "\r\n"). */
function unixLines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** The message's page in the staff inbox: the storefront sends /admin/… on to the console (apps/storefront/server/console-redirect.ts), so a link in an old mail keeps working when the console moves. */
function inboxUrl(id: number, publicUrl: string): string {
  return `${publicUrl}/admin/inbox/${id}`;
}

export type ShopContactMessageVars = { message: MailContactMessage };

/**
 * To the shop, for each message sent through the contact form. Delivered with Reply-To set to the
 * sender (transport.ts), so answering it in a mail client answers the customer.
 */
export const shopContactMessage: Template<ShopContactMessageVars> = ({ message }, context) => {
  const t = textsIn(context.locale);
  return {
    subject: t("contact.subject", { name: oneLine(message.name), subject: oneLine(message.subject) }),
    blocks: [
      { kind: "p", text: t("contact.intro") },
      {
        kind: "rows",
        rows: [
          [t("contact.from"), `${message.name} <${message.email}>`],
          [t("contact.topic"), message.subject],
          [t("contact.received"), placedAt(message.createdAt, context.locale)],
          [t("shop.language"), message.locale],
        ],
      },
      { kind: "heading", text: t("contact.message") },
      { kind: "quote", text: unixLines(message.message) },
      { kind: "button", label: t("contact.open"), href: inboxUrl(message.id, context.publicUrl) },
    ],
  };
};

export type MessageReplyVars = {
  /** The reply's subject as staff left it ('Re: <the message's subject>' unless they changed it). */
  subject: string;
  /** What staff wrote. */
  text: string;
  /** The message it answers, quoted under the reply. */
  message: Pick<MailContactMessage, "message" | "createdAt">;
};

/** To the customer: staff's answer to a contact message, in the message's language, with the message quoted. */
export const messageReply: Template<MessageReplyVars> = ({ subject, text, message }, context) => {
  const t = textsIn(context.locale);
  return {
    subject: oneLine(subject),
    blocks: [
      { kind: "p", text },
      { kind: "p", text: t("reply.wrote", { date: placedAt(message.createdAt, context.locale) }) },
      { kind: "quote", text: unixLines(message.message) },
      { kind: "footer", lines: [t("reply.more"), `${shop.name} · ${shop.email} · ${shop.phone}`] },
    ],
  };
};
