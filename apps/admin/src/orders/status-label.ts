import { orderStatusLabels } from "@workshop/domain/i18n/order-statuses.ts";
import { useT } from "#admin/i18n/use-t.ts";

/** A status's one label in the person's language (i18n/order-statuses.ts). */
export function useStatusLabel() {
  const label = useT(orderStatusLabels);
  return {
    status: (status: string) => label(`status.${status}` as "status.NEW"),
    payment: (status: string) => label(`payment.${status}` as "payment.PENDING"),
  };
}
