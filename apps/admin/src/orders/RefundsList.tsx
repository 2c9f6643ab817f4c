import { formatAmount, formatIdr, formatUsd } from "@workshop/domain/money.ts";
import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import type { OrderDetailAnswer } from "@workshop/domain/staff-api/order.ts";
import { consoleDate, consoleDay } from "#admin/dates.ts";
import { refundTexts } from "#admin/i18n/refunds.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { useRefundLabels } from "./refund-labels.ts";

/**
 * An order's refunds, oldest first, for everyone who opens it: when, of which payment, how much in
 * dollars and in what was paid, how it went back (Xendit, a transfer, cash), why, and where it is.
 */
export function RefundsList({ order, refunds }: { order: OrderDetailAnswer["order"]; refunds: OrderDetailAnswer["refunds"] }) {
  const t = useT(refundTexts);
  const label = useRefundLabels();
  const locale = useLocale();
  if (refunds.length === 0) return <p className="mt-1 text-sm text-ink-600">{t("list.none")}</p>;
  return (
    <>
      {order.refundedCents > 0 && (
        <p className="mt-1 text-sm">
          <span className="text-ink-600">{t("field.refunded")}:</span>{" "}
          <span className="font-medium tabular-nums">
            {t("field.refundedValue", { usd: formatUsd(order.refundedCents), idr: formatIdr(order.refundedIdr) })}
          </span>
        </p>
      )}
      <ul className="mt-2 divide-y divide-sand-200 text-sm">
        {refunds.map((r) => {
          const details = [
            r.reference ? t("list.reference", { reference: r.reference }) : null,
            r.arrivesBy ? t("list.arrivesBy", { date: consoleDay(r.arrivesBy, locale) }) : null,
            r.failureCode,
            r.xenditRefundId ? t("list.xendit", { id: r.xenditRefundId }) : null,
          ].filter(Boolean);
          return (
            <li key={r.id} className="flex flex-wrap gap-x-3 py-2" data-refund={r.id}>
              <span>{consoleDate(r.refundedAt ?? r.createdAt, locale)}</span>
              <span>
                {r.attempt !== null && r.method !== null
                  ? t("list.of", { n: r.attempt, method: paymentMethodName(r.method, locale) })
                  : t("list.inStore", { method: paymentMethodName(order.paymentMethod, locale) })}
              </span>
              <span className="tabular-nums">
                {t("list.amount", { usd: formatUsd(r.amountUsdCents), amount: formatAmount(r.amount, r.currency) })}
              </span>
              <span>{label.way(r.way)}</span>
              <span>{label.reason(r.reason)}</span>
              <span className={`font-medium ${r.status === "FAILED" ? "text-red-700" : ""}`}>{label.status(r.status)}</span>
              {details.length > 0 && <span className="basis-full font-mono text-xs break-all text-ink-600">{details.join(" · ")}</span>}
              {r.note && <span className="basis-full break-words text-ink-700">{r.note}</span>}
            </li>
          );
        })}
      </ul>
    </>
  );
}
