import { formatAmount, formatIdr, formatUsd } from "@workshop/domain/money.ts";
import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { XENDIT_REFUND_DAYS } from "@workshop/domain/refunds.ts";
import type { orderPageAnswer } from "@workshop/domain/shop-api/order-pages.ts";
import type { z } from "zod";
import { useLocale, useT } from "#app/i18n/core.ts";
import { refunds as refundTexts } from "#app/i18n/refunds.ts";

type Refund = z.infer<typeof orderPageAnswer>["refund"];

/** The order page's refunds: what went back or is on its way, how, and when it arrives (decision 047). */
export function OrderRefunds({ refund }: { refund: Refund }) {
  const t = useT(refundTexts);
  const locale = useLocale();
  if (refund.refunds.length === 0) return null;
  const how = (r: Refund["refunds"][number]) =>
    r.way === "BANK_TRANSFER"
      ? r.arrivesBy
        ? t("way.BANK_TRANSFER", { date: r.arrivesBy })
        : t("way.BANK_TRANSFER.open")
      : r.way === "CASH"
        ? t("way.CASH")
        : t("way.XENDIT", { method: paymentMethodName(r.method, locale), ...XENDIT_REFUND_DAYS });
  return (
    <section aria-labelledby="refunds-title" className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 id="refunds-title" className="text-xl font-semibold">
        {t("title")}
      </h2>
      <ul className="mt-4 space-y-4">
        {refund.refunds.map((r) => (
          <li key={r.id}>
            <p className="font-medium tabular-nums">
              {t("amount", { usd: formatUsd(r.usdCents), amount: formatAmount(r.amount, r.currency) })}
            </p>
            <p className="text-sm text-ink-700">{how(r)}</p>
            <p className="text-sm text-ink-500">{t(r.done ? "done" : "pending", { date: r.at })}</p>
          </li>
        ))}
      </ul>
      {refund.refundedCents > 0 && (
        <p className="mt-4 border-t border-sand-200 pt-4 text-sm font-medium">
          {t("total", { usd: formatUsd(refund.refundedCents), idr: formatIdr(refund.refundedIdr) })}
        </p>
      )}
    </section>
  );
}
