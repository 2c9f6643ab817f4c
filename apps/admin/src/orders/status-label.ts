import { orderStatusLabels } from "@workshop/domain/i18n/order-statuses.ts";
import { recordStatusLabels } from "#admin/i18n/record-statuses.ts";
import { useT } from "#admin/i18n/use-t.ts";

/**
 * A status's one label in the person's language (i18n/order-statuses.ts, i18n/record-statuses.ts);
 * a status the console does not know yet shows as it is rather than as a missing text.
 */
export function useStatusLabel() {
  const label = useT(orderStatusLabels);
  const record = useT(recordStatusLabels);
  const known = (key: string) => key in recordStatusLabels.en;
  return {
    status: (status: string) => label(`status.${status}` as "status.NEW"),
    payment: (status: string) => label(`payment.${status}` as "payment.PENDING"),
    attempt: (status: string) => (known(`attempt.${status}`) ? record(`attempt.${status}` as "attempt.PENDING") : status),
    refund: (status: string) => (known(`refund.${status}`) ? record(`refund.${status}` as "refund.PENDING") : status),
    mail: (status: string) => (known(`mail.${status}`) ? record(`mail.${status}` as "mail.sent") : status),
  };
}
