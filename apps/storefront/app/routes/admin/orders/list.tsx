import { EXPORT_LIMIT, type OrderListQuery, orderListPage, orderQueues, pageQuery, pageSizes } from "@workshop/api/desk/order-list.ts";
import { orderStatuses, paymentStatuses } from "@workshop/api/orders/status.ts";
import { requireStaffPage } from "@workshop/api/staff/guard.ts";
import { adminDate } from "@workshop/domain/admin-date.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import { paymentMethodName, paymentMethods } from "@workshop/domain/payment-methods.ts";
import { data, Form } from "react-router";
import { AdminPages } from "#app/components/admin/AdminPages.tsx";
import { neutral, paymentColours, statusColours } from "#app/components/OrderSummary.tsx";
import { adminOrders } from "#app/i18n/admin-orders.ts";
import { type Translate, useLocale, useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/list";

/** The Orders tab (SPEC 2.11): every order, filtered, searched and paged in the database. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request);
  const query = pageQuery(new URL(request.url).searchParams);
  const choices = {
    statuses: [...orderStatuses],
    paymentStatuses: [...paymentStatuses],
    methods: paymentMethods.map((m) => m.code),
    queues: [...orderQueues],
    pageSizes: [...pageSizes],
    exportLimit: EXPORT_LIMIT,
  };
  try {
    const { rows, pagination } = await orderListPage(query);
    return { query, rows, pagination, choices, failed: false };
  } catch (error) {
    console.error("admin orders not loaded", error);
    const pagination = { page: query.page, limit: query.limit, total: 0, totalPages: 0 };
    return data({ query, rows: [], pagination, choices, failed: true }, { status: 503 });
  }
}

type Key = Parameters<Translate<keyof typeof adminOrders.en & string>>[0];

/** The list's address with these filters (and a changed page or size): only what is set. */
function listHref(query: OrderListQuery, change: Partial<OrderListQuery> = {}, path = "/admin/orders"): string {
  const merged = { ...query, ...change };
  const params = new URLSearchParams();
  for (const name of ["q", "status", "paymentStatus", "method", "queue", "from", "to"] as const) {
    const value = merged[name];
    if (value) params.set(name, value);
  }
  if (path === "/admin/orders") {
    if (merged.limit !== 10) params.set("limit", String(merged.limit));
    if (merged.page > 1) params.set("page", String(merged.page));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

const field = "mt-1 block w-full rounded-lg border border-sand-300 bg-white px-3 py-2 text-sm";

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const t = useT(adminOrders);
  const locale = useLocale();
  const { query, rows, pagination, choices, failed } = loaderData;
  const word = (key: string, fallback: string) => (key in adminOrders.en ? t(key as Key) : fallback);
  return (
    <section>
      <title>{t("title")}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="mt-1 text-sm text-ink-600">{t("intro")}</p>
        </div>
        <a
          href={listHref(query, {}, "/admin/orders.csv")}
          download
          className="btn-secondary px-4 py-2 text-sm"
          title={t("exportHint", { limit: choices.exportLimit.toLocaleString(locale) })}
        >
          {t("export")}
        </a>
      </div>

      <Form
        method="get"
        action="/admin/orders"
        aria-label={t("filter.legend")}
        className="mt-6 rounded-2xl border border-sand-200 bg-white p-4"
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className="text-sm font-medium sm:col-span-2">
            {t("filter.search")}
            <input
              type="search"
              name="q"
              defaultValue={query.q ?? ""}
              maxLength={100}
              placeholder={t("filter.searchHint")}
              className={field}
            />
          </label>
          <label className="text-sm font-medium">
            {t("filter.status")}
            <select name="status" defaultValue={query.status ?? ""} className={field}>
              <option value="">{t("filter.any")}</option>
              {choices.statuses.map((s) => (
                <option key={s} value={s}>
                  {word(`status.${s}`, s)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium">
            {t("filter.paymentStatus")}
            <select name="paymentStatus" defaultValue={query.paymentStatus ?? ""} className={field}>
              <option value="">{t("filter.any")}</option>
              {choices.paymentStatuses.map((s) => (
                <option key={s} value={s}>
                  {word(`payment.${s}`, s)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium">
            {t("filter.method")}
            <select name="method" defaultValue={query.method ?? ""} className={field}>
              <option value="">{t("filter.any")}</option>
              {choices.methods.map((m) => (
                <option key={m} value={m}>
                  {paymentMethodName(m, locale)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium">
            {t("filter.queue")}
            <select name="queue" defaultValue={query.queue ?? ""} className={field}>
              <option value="">{t("filter.any")}</option>
              {choices.queues.map((q) => (
                <option key={q} value={q}>
                  {t(`queue.${q}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium">
            {t("filter.from")}
            <input type="date" name="from" defaultValue={query.from ?? ""} className={field} />
          </label>
          <label className="text-sm font-medium">
            {t("filter.to")}
            <input type="date" name="to" defaultValue={query.to ?? ""} className={field} />
          </label>
        </div>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <label className="text-sm font-medium">
            {t("filter.limit")}
            <select name="limit" defaultValue={String(query.limit)} className={field}>
              {choices.pageSizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn-primary px-5 py-2">
            {t("filter.apply")}
          </button>
          <a href="/admin/orders" className="btn-secondary px-5 py-2">
            {t("filter.reset")}
          </a>
        </div>
      </Form>

      {failed ? (
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{t("loadError")}</p>
          <a href={listHref(query)} className="btn-secondary mt-3">
            {t("retry")}
          </a>
        </div>
      ) : rows.length === 0 ? (
        <>
          <p className="mt-6 text-ink-700">{t("empty")}</p>
          {/* A page past the last one (an old link): the page links lead back. */}
          <AdminPages page={query.page} pages={pagination.totalPages} hrefOf={(page) => listHref(query, { page })} />
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-ink-600">{t("total", { count: pagination.total })}</p>
          {/* Below md the rows are stacked cards (one per order); from md a table. */}
          <div className="mt-2 rounded-2xl border border-sand-200 bg-white">
            <table className="block w-full text-left text-sm md:table">
              <thead className="hidden bg-sand-100 text-xs uppercase tracking-wide text-ink-600 md:table-header-group">
                <tr>
                  {(["col.number", "col.date", "col.product", "col.total", "col.status", "col.actions"] as const).map((c) => (
                    <th key={c} scope="col" className="px-3 py-2.5">
                      {t(c)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="block divide-y divide-sand-200 md:table-row-group">
                {rows.map((o) => (
                  <tr key={o.id} className="grid grid-cols-2 gap-x-3 gap-y-1 p-4 md:table-row md:p-0">
                    <td className="font-mono font-medium md:px-3 md:py-2.5">{o.orderNumber}</td>
                    <td className="text-right text-ink-700 md:whitespace-nowrap md:px-3 md:py-2.5 md:text-left">
                      {adminDate(o.createdAt, locale)}
                    </td>
                    <td className="col-span-2 md:px-3 md:py-2.5">
                      <span className="font-medium">{o.productName}</span>
                      {o.size !== null && <span className="text-ink-600"> · {o.size} cm</span>}
                      <span className="block break-all text-xs text-ink-600">
                        {o.customerName} · {o.email}
                      </span>
                    </td>
                    <td className="tabular-nums md:px-3 md:py-2.5">{formatUsd(o.totalCents)}</td>
                    <td className="col-span-2 md:px-3 md:py-2.5">
                      <span className="flex flex-wrap items-center gap-1">
                        <Badge colours={statusColours[o.status] ?? neutral}>{word(`status.${o.status}`, o.status)}</Badge>
                        <Badge colours={paymentColours[o.paymentStatus] ?? neutral}>
                          {word(`payment.${o.paymentStatus}`, o.paymentStatus)}
                        </Badge>
                        <span className="text-xs text-ink-600">{paymentMethodName(o.paymentMethod, locale)}</span>
                      </span>
                    </td>
                    <td className="col-span-2 md:px-3 md:py-2.5">
                      <a
                        href={`/admin/orders/${o.id}`}
                        aria-label={t("viewLabel", { number: o.orderNumber })}
                        className="font-medium whitespace-nowrap underline underline-offset-4"
                      >
                        {t("view")}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminPages page={query.page} pages={pagination.totalPages} hrefOf={(page) => listHref(query, { page })} />
        </>
      )}
    </section>
  );
}

function Badge({ colours, children }: { colours: string; children: React.ReactNode }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${colours}`}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {children}
    </span>
  );
}
