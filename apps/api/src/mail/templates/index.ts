/**
 * The mail templates, English and Russian. `MailContent` ties each template name to its own
 * variables, so a caller is type-checked: `{ template: "order-cancelled", vars: { order, reason } }`.
 */
import { defaultLocale, isLocale, type Locale } from "@workshop/domain/locale.ts";
import { type RenderedMail, renderBody } from "./blocks.ts";
import { type MessageReplyVars, messageReply, type ShopContactMessageVars, shopContactMessage } from "./contact-message.ts";
import {
  type CustomOrderMessageVars,
  type CustomOrderReceivedVars,
  type CustomOrderVars,
  customOrderMessage,
  customOrderReceived,
  shopCustomOrder,
} from "./custom-order.ts";
import { balanceRequested, type CustomOrderPaymentVars, type CustomQuoteVars, customQuote, depositReceived } from "./custom-quote.ts";
import { type MakingReadyVars, type MakingStartedVars, type MakingUpdateVars, makingReady, makingStarted, makingUpdate } from "./making.ts";
import { type OrderCancelledVars, orderCancelled } from "./order-cancelled.ts";
import { type OrderReceivedVars, orderReceived } from "./order-received.ts";
import { type OrderShippedVars, orderShipped } from "./order-shipped.ts";
import { type PaymentConfirmedVars, paymentConfirmed } from "./payment-confirmed.ts";
import { type PaymentFailedVars, paymentFailed } from "./payment-failed.ts";
import { type RefundSentVars, refundSent } from "./refund-sent.ts";
import type { Template } from "./shared.ts";
import { type ShopNewOrderVars, shopNewOrder } from "./shop-new-order.ts";
import { type ShopPaymentFlaggedVars, shopPaymentFlagged } from "./shop-payment-flagged.ts";
import { type StaffMessageVars, staffMessage } from "./staff-message.ts";

export type { RenderedMail } from "./blocks.ts";

export { oneLine } from "./contact-message.ts";
export { isMakingMail, type MailPhoto, makingMailTemplates } from "./making.ts";
export type { CancelReason } from "./order-cancelled.ts";
export type { RefundSentVars } from "./refund-sent.ts";
export type { MailOrder } from "./shared.ts";

/** Each template's variables, by template name. */
export type MailVars = {
  "order-received": OrderReceivedVars;
  "payment-confirmed": PaymentConfirmedVars;
  "order-cancelled": OrderCancelledVars;
  "payment-failed": PaymentFailedVars;
  "shop-new-order": ShopNewOrderVars;
  "shop-payment-flagged": ShopPaymentFlaggedVars;
  "order-shipped": OrderShippedVars;
  "staff-message": StaffMessageVars;
  "shop-contact-message": ShopContactMessageVars;
  "message-reply": MessageReplyVars;
  "custom-order-received": CustomOrderReceivedVars;
  "shop-custom-order": CustomOrderVars;
  "custom-order-message": CustomOrderMessageVars;
  "custom-quote": CustomQuoteVars;
  "deposit-received": CustomOrderPaymentVars;
  "balance-requested": CustomOrderPaymentVars;
  "refund-sent": RefundSentVars;
  "making-started": MakingStartedVars;
  "making-update": MakingUpdateVars;
  "making-ready": MakingReadyVars;
};

export type MailTemplate = keyof MailVars;

/** A template and its variables: a union discriminated by `template`. */
export type MailContent = { [T in MailTemplate]: { template: T; vars: MailVars[T] } }[MailTemplate];

const templates: { [T in MailTemplate]: Template<MailVars[T]> } = {
  "order-received": orderReceived,
  "payment-confirmed": paymentConfirmed,
  "order-cancelled": orderCancelled,
  "payment-failed": paymentFailed,
  "shop-new-order": shopNewOrder,
  "shop-payment-flagged": shopPaymentFlagged,
  "order-shipped": orderShipped,
  "staff-message": staffMessage,
  "shop-contact-message": shopContactMessage,
  "message-reply": messageReply,
  "custom-order-received": customOrderReceived,
  "shop-custom-order": shopCustomOrder,
  "custom-order-message": customOrderMessage,
  "custom-quote": customQuote,
  "deposit-received": depositReceived,
  "balance-requested": balanceRequested,
  "refund-sent": refundSent,
  "making-started": makingStarted,
  "making-update": makingUpdate,
  "making-ready": makingReady,
};

export const mailTemplates = Object.keys(templates) as MailTemplate[];

/** A locale we write mail in: the given one when known, else English. */
export function mailLocale(locale: string): Locale {
  return isLocale(locale) ? locale : defaultLocale;
}

function body<T extends MailTemplate>(template: T, vars: MailVars[T], locale: Locale, publicUrl: string) {
  return templates[template](vars, { locale, publicUrl });
}

/** Subject, plain text and HTML of a mail; every value in the HTML is escaped. */
export function renderMail(content: MailContent, locale: string, publicUrl: string): RenderedMail {
  const lang = mailLocale(locale);
  return renderBody(body(content.template, content.vars, lang, publicUrl.replace(/\/$/, "")), lang);
}
