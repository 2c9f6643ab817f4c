import { type CustomOrderView, listCustomOrders } from "@workshop/api/custom-orders/admin-view.ts";
import { type CustomOrderStatus, customOrderStatuses, isCustomOrderStatus } from "@workshop/api/custom-orders/status.ts";
import { requireStaffPage } from "@workshop/api/staff/guard.ts";
import { adminDate } from "@workshop/domain/admin-date.ts";
import { data } from "react-router";
import { AdminPages } from "#app/components/admin/AdminPages.tsx";
import { CustomOrderStatusBadge as StatusBadge } from "#app/components/admin/CustomOrderStatusBadge.tsx";
import { adminCustomOrders } from "#app/i18n/admin-custom-orders.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/list";

/** Requests on one page of the tab (SPEC 9: 10 by default). */
const PAGE_SIZE = 10;

/** A page number from the URL; anything else is the first page. */
function pageNumber(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** The Custom Orders tab (SPEC 2.11): requests newest first, 10 a page, filtered by status. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status = isCustomOrderStatus(asked) ? asked : null;
  const page = pageNumber(url.searchParams.get("page"));
  try {
    const { customOrders, pagination } = await listCustomOrders(page, PAGE_SIZE, status ?? undefined);
    return { rows: customOrders.map(rowOf), pagination, status, failed: false };
  } catch (error) {
    console.error("admin custom orders not loaded", error);
    const pagination = { page, limit: PAGE_SIZE, total: 0, totalPages: 0 };
    return data({ rows: [] as Row[], pagination, status, failed: true }, { status: 503 });
  }
}

/** What a row shows (the photo links stay out of the list). */
function rowOf(c: CustomOrderView) {
  return { id: c.id, submissionDate: c.submissionDate, name: c.name, email: c.email, hatType: c.hatType, status: c.status };
}
type Row = ReturnType<typeof rowOf>;

/** The list's address for a status and page (the defaults left out). */
function listHref(status: CustomOrderStatus | null, page = 1): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/custom-orders?${query}` : "/admin/custom-orders";
}

export default function AdminCustomOrders({ loaderData }: Route.ComponentProps) {
  const t = useT(adminCustomOrders);
  const locale = useLocale();
  const { rows, pagination, status, failed } = loaderData;
  const statusName = (s: string) => (isCustomOrderStatus(s) ? t(`status.${s}`) : s);
  return (
    <section>
      <title>{t("title")}</title>
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("intro")}</p>

      <nav aria-label={t("filter.label")} className="mt-5 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-ink-600">{t("filter.label")}:</span>
        {[null, ...customOrderStatuses].map((s) => (
          <a
            key={s ?? "all"}
            href={listHref(s)}
            aria-current={s === status ? "page" : undefined}
            className={`rounded-full border px-3 py-1 font-medium ${
              s === status ? "border-ink-900 bg-ink-900 text-sand-50" : "border-sand-300 bg-white text-ink-800 hover:border-ink-900"
            }`}
          >
            {s ? statusName(s) : t("filter.all")}
          </a>
        ))}
      </nav>

      {failed ? (
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{t("loadError")}</p>
          <a href={listHref(status, pagination.page)} className="btn-secondary mt-3">
            {t("retry")}
          </a>
        </div>
      ) : rows.length === 0 ? (
        <>
          <p className="mt-6 text-ink-700">{t("empty")}</p>
          {/* A page past the last one (an old link): the page links lead back. */}
          <AdminPages page={pagination.page} pages={pagination.totalPages} hrefOf={(page) => listHref(status, page)} />
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-ink-600">{t("total", { count: pagination.total })}</p>
          {/* Below md the rows are stacked cards (one per request); from md a table. */}
          <div className="mt-2 rounded-2xl border border-sand-200 bg-white">
            <table className="block w-full text-left text-sm md:table">
              <thead className="hidden bg-sand-100 text-xs uppercase tracking-wide text-ink-600 md:table-header-group">
                <tr>
                  {(["col.date", "col.customer", "col.hatType", "col.status", "col.actions"] as const).map((c) => (
                    <th key={c} scope="col" className="px-3 py-2.5">
                      {t(c)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="block divide-y divide-sand-200 md:table-row-group">
                {rows.map((c) => (
                  <tr key={c.id} className="grid grid-cols-2 gap-x-3 gap-y-1 p-4 md:table-row md:p-0">
                    <td className="text-ink-700 md:whitespace-nowrap md:px-3 md:py-2.5">{adminDate(c.submissionDate, locale)}</td>
                    <td className="col-span-2 min-w-0 md:px-3 md:py-2.5">
                      <span className="font-medium break-words">{c.name}</span>
                      <span className="block break-all text-xs text-ink-600">{c.email}</span>
                    </td>
                    <td className="col-span-2 break-words md:px-3 md:py-2.5">{c.hatType}</td>
                    {/* On a phone the status sits beside the date, in the card's first line. */}
                    <td className="col-start-2 row-start-1 text-right md:px-3 md:py-2.5 md:text-left">
                      <StatusBadge status={c.status} label={statusName(c.status)} />
                    </td>
                    <td className="col-span-2 md:px-3 md:py-2.5">
                      <a
                        href={`/admin/custom-orders/${c.id}${status || pagination.page > 1 ? `?back=${encodeURIComponent(listHref(status, pagination.page).split("?")[1] ?? "")}` : ""}`}
                        aria-label={t("viewLabel", { number: `#C${c.id}` })}
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
          <AdminPages page={pagination.page} pages={pagination.totalPages} hrefOf={(page) => listHref(status, page)} />
        </>
      )}
    </section>
  );
}
