/**
 * E-mail: templates (English and Russian), the outbox and its delivery job, SMTP or kept locally.
 * See docs/decisions/005-jobs-and-mail.md.
 */
export {
  deliverMail,
  deliverQueuedMail,
  type EnqueueMailInput,
  type EnqueueOptions,
  enqueueMail,
  enqueueMails,
  mailListColumns,
  nudgePendingMail,
} from "./outbox.ts";
export {
  type CancelReason,
  type MailContent,
  type MailPhoto,
  makingMailTemplates,
  oneLine,
  type RefundSentVars,
} from "./templates/index.ts";
export { useMailSettings } from "./transport.ts";
