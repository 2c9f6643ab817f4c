/**
 * E-mail: templates (English and Russian), the outbox and its delivery job, SMTP or kept locally.
 * See docs/decisions/005-jobs-and-mail.md.
 */
export {
  enqueueMail,
  enqueueMails,
  deliverQueuedMail,
  deliverMail,
  deliverMailJob,
  sweepMailJob,
  nudgePendingMail,
  listOutbox,
  readOutboxMail,
  type EnqueueMailInput,
  type EnqueueOptions,
  type DeliverMailData,
  type MailStatus,
  type OutboxMail,
} from "./outbox.ts";
export {
  renderMail,
  mailLocale,
  mailTemplates,
  isMailTemplate,
  escapeHtml,
  type MailContent,
  type MailTemplate,
  type MailVars,
  type MailOrder,
  type CancelReason,
  type RenderedMail,
  type OrderReceivedVars,
  type PaymentConfirmedVars,
  type OrderCancelledVars,
  type PaymentFailedVars,
  type ShopNewOrderVars,
} from "./templates/index.ts";
export { mailSettings, useMailSettings, keptMailFile, type MailSettings } from "./transport.ts";
