import { defineMessages } from "@workshop/domain/i18n/core.ts";

/**
 * The one label of each payment attempt's, refund's and e-mail's status in the console: the order
 * page, the custom request page and an e-mail's page all take them from here, never the raw code.
 */
export const recordStatusLabels = defineMessages(
  {
    "attempt.CREATING": "Being created",
    "attempt.PENDING": "Open",
    "attempt.SUCCEEDED": "Paid",
    "attempt.FAILED": "Failed",
    "attempt.EXPIRED": "Expired",
    "attempt.CANCELLED": "Cancelled",
    "attempt.ERROR": "Refused by Xendit",
    "refund.CREATING": "Sending to Xendit",
    "refund.PENDING": "Pending at Xendit",
    "refund.SUCCEEDED": "Refunded",
    "refund.FAILED": "Refund failed",
    "mail.pending": "Waiting",
    "mail.sending": "Sending",
    "mail.sent": "Sent",
    "mail.kept": "Kept (no mail server)",
    "mail.failed": "Not sent",
    "mail.stopped": "Not sent (the customer stopped these e-mails)",
  },
  {
    ru: {
      "attempt.CREATING": "Создаётся",
      "attempt.PENDING": "Открыт",
      "attempt.SUCCEEDED": "Оплачен",
      "attempt.FAILED": "Не прошёл",
      "attempt.EXPIRED": "Истёк",
      "attempt.CANCELLED": "Отменён",
      "attempt.ERROR": "Отклонён Xendit",
      "refund.CREATING": "Отправляется в Xendit",
      "refund.PENDING": "Ожидает в Xendit",
      "refund.SUCCEEDED": "Возвращено",
      "refund.FAILED": "Возврат не удался",
      "mail.pending": "Ожидает",
      "mail.sending": "Отправляется",
      "mail.sent": "Отправлено",
      "mail.kept": "Сохранено (нет почтового сервера)",
      "mail.failed": "Не отправлено",
      "mail.stopped": "Не отправлено (клиент отключил эти письма)",
    },
  },
);
