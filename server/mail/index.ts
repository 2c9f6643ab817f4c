/**
 * E-mail: templates (English and Russian), the outbox and its delivery job, SMTP or kept locally.
 * See docs/decisions/005-jobs-and-mail.md.
 */
export {
  type DeliverMailData,
  deliverMail,
  deliverMailJob,
  deliverQueuedMail,
  type EnqueueMailInput,
  type EnqueueOptions,
  enqueueMail,
  enqueueMails,
  listOutbox,
  type MailStatus,
  nudgePendingMail,
  type OutboxMail,
  readOutboxMail,
  sweepMailJob,
} from "./outbox.ts";
export {
  type CancelReason,
  escapeHtml,
  isMailTemplate,
  type MailContent,
  type MailOrder,
  type MailTemplate,
  type MailVars,
  mailLocale,
  mailTemplates,
  type OrderCancelledVars,
  type OrderReceivedVars,
  type PaymentConfirmedVars,
  type PaymentFailedVars,
  type RenderedMail,
  renderMail,
  type ShopNewOrderVars,
} from "./templates/index.ts";
export { keptMailFile, type MailSettings, mailSettings, useMailSettings } from "./transport.ts";
