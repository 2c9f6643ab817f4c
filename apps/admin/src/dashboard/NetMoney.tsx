import { formatIdr, formatUsd } from "@workshop/domain/money.ts";
import type { DashboardAnswer, MoneySum } from "@workshop/domain/staff-api.ts";
import { Price } from "@workshop/ui/Price.tsx";
import { refundTexts } from "#admin/i18n/refunds.ts";
import { useT } from "#admin/i18n/use-t.ts";

type Money = DashboardAnswer["money"];

const both = (sum: MoneySum) => `${formatUsd(sum.usdCents)} (${formatIdr(sum.idr)})`;

/**
 * The week's and the month's money net of refunds (decision 047): what came in less what went
 * back in the same period, with both shown, beside the dashboard's money received.
 */
export function NetMoney({ money }: { money: Money }) {
  const t = useT(refundTexts);
  const tiles = [
    { key: "week", net: money.netThisWeek, paid: money.paidThisWeek, refunded: money.refundedThisWeek },
    { key: "month", net: money.netThisMonth, paid: money.paidThisMonth, refunded: money.refundedThisMonth },
  ] as const;
  return (
    <>
      <h2 className="mt-8 text-lg font-semibold">{t("money.title")}</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map(({ key, net, paid, refunded }) => (
          <li key={key} data-money={`net-${key}`} className="block h-full rounded-2xl border border-sand-200 bg-white p-4">
            <span className="block text-sm font-medium text-ink-700">{t(`money.${key}`)}</span>
            <Price usdCents={net.usdCents} idr={net.idr} className="mt-1 text-2xl font-semibold" />
            <span className="mt-1 block text-xs text-ink-600">
              {t("money.line", { received: both(paid), refunded: both(refunded), count: refunded.orders })}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
