import { orderStatusLabels } from "@workshop/domain/i18n/order-statuses.ts";
import { type ExchangeRateAnswer, exchangeRateAnswer } from "@workshop/domain/staff-api/exchange-rate.ts";
import { type DashboardAnswer, dashboardAnswer, type MoneySum, type OrderQueue } from "@workshop/domain/staff-api.ts";
import { Price } from "@workshop/ui/Price.tsx";
import { Link, useLoaderData } from "react-router";
import { api } from "#admin/api/client.ts";
import { consoleDay } from "#admin/dates.ts";
import { countText } from "#admin/i18n/counts.ts";
import { dashboardTexts } from "#admin/i18n/dashboard.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { signedOutRedirect } from "#admin/session/session.ts";
import { HeldRateNotice } from "./HeldRateNotice.tsx";
import { NetMoney } from "./NetMoney.tsx";

type DashboardData = DashboardAnswer & { exchangeRate: ExchangeRateAnswer };

export async function loader({ request }: { request: Request }): Promise<DashboardData> {
  const [dashboard, exchangeRate] = await Promise.all([
    api("/api/admin/dashboard", { answer: dashboardAnswer, signal: request.signal }),
    api("/api/admin/exchange-rate", { answer: exchangeRateAnswer, signal: request.signal }),
  ]).catch(signedOutRedirect);
  return { ...dashboard, exchangeRate };
}

type Tile = { key: string; label: string; hint: string; count: number; to: string; urgent?: boolean };

const tileClass = "block h-full rounded-2xl border bg-white p-4";

/** The console's front page: what needs the workshop now (each count opens its list) and its money. */
export function Component() {
  const t = useT(dashboardTexts);
  const label = useT(orderStatusLabels);
  const { today, counts, money, exchangeRate } = useLoaderData<DashboardData>();
  const locale = useLocale();
  const queue = (q: OrderQueue, urgent = false, to = `/admin/orders?queue=${q}`): Tile => ({
    key: q,
    label: label(`queue.${q}`),
    hint: t(`${q}.hint`),
    count: counts[q],
    to,
    urgent,
  });
  const tiles: Tile[] = [
    {
      key: "new-today",
      label: t("newToday"),
      hint: t("newToday.hint"),
      count: counts.newToday,
      to: `/admin/orders?from=${today}&to=${today}`,
    },
    queue("awaiting-payment"),
    // The orders being made open the making board, by stage.
    queue("to-make", false, "/admin/making"),
    queue("to-ship"),
    queue("cash-expiring", true),
    queue("flagged", true),
    { key: "unread", label: t("unread"), hint: t("unread.hint"), count: counts.unreadMessages, to: "/admin/inbox?filter=unread" },
    {
      key: "new-custom",
      label: t("newCustom"),
      hint: t("newCustom.hint"),
      count: counts.newCustomOrders,
      to: "/admin/custom-orders?status=NEW",
    },
  ];
  const moneyTile = (key: string, sum: MoneySum, to?: string) => {
    const body = (
      <>
        <span className="block text-sm font-medium text-ink-700">{t(`money.${key}` as "money.week")}</span>
        <Price usdCents={sum.usdCents} idr={sum.idr} className="mt-1 text-2xl font-semibold" />
        <span className="mt-1 block text-xs text-ink-600">
          {countText("orders", sum.orders, locale)} · {t(`money.${key}.hint` as "money.week.hint")}
        </span>
      </>
    );
    return (
      <li key={key} data-money={key}>
        {to ? (
          <Link to={to} className={`${tileClass} border-sand-200 hover:border-ink-900`}>
            {body}
          </Link>
        ) : (
          <div className={`${tileClass} border-sand-200`}>{body}</div>
        )}
      </li>
    );
  };
  return (
    <section>
      <title>{t("title")}</title>
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-1 text-sm text-ink-700">{t("intro", { date: consoleDay(today, locale) })}</p>
      <HeldRateNotice rate={exchangeRate} />
      <h2 className="mt-6 text-lg font-semibold">{t("queues.title")}</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link
              to={tile.to}
              className={`${tileClass} hover:border-ink-900 ${tile.urgent && tile.count > 0 ? "border-red-300" : "border-sand-200"}`}
            >
              <span className="block text-sm font-medium text-ink-700">{tile.label}</span>
              <span
                className={`mt-1 block text-3xl font-semibold tabular-nums ${tile.urgent && tile.count > 0 ? "text-red-800" : ""}`}
                data-count={tile.key}
              >
                {tile.count}
              </span>
              <span className="mt-1 block text-xs text-ink-600">{tile.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="mt-8 text-lg font-semibold">{t("money.title")}</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {moneyTile("week", money.paidThisWeek)}
        {moneyTile("month", money.paidThisMonth)}
        {moneyTile("cash", money.unpaidCash, "/admin/orders?method=CASH_IN_STORE&paymentStatus=AWAITING_PREPAYMENT")}
      </ul>
      <NetMoney money={money} />
    </section>
  );
}
