import { refundStateLabels } from "@workshop/domain/i18n/refund-states.ts";
import { orderTexts } from "#admin/i18n/order.ts";
import { refundTexts } from "#admin/i18n/refunds.ts";
import { useT } from "#admin/i18n/use-t.ts";

type Key = keyof typeof refundTexts.en;

/** An order's refund state, a refund's way, status and reason in the person's words; one not known as it is. */
export function useRefundLabels() {
  const state = useT(refundStateLabels);
  const t = useT(refundTexts);
  const order = useT(orderTexts);
  const word = (key: string, value: string) => (key in refundTexts.en ? t(key as Key) : value);
  return {
    state: (value: string) => (Object.hasOwn(refundStateLabels.en, value) ? state(value as keyof typeof refundStateLabels.en) : value),
    way: (value: string) => word(`way.${value}`, value),
    status: (value: string) => word(`status.${value}`, value),
    // Xendit's refund reasons, as the order page and the audit lines word them.
    reason: (value: string) =>
      `refund.reason.${value}` in orderTexts.en ? order(`refund.reason.${value}` as "refund.reason.OTHERS") : value,
  };
}
