import { type ColumnDef, rowPaginationFeature, tableFeatures, useTable } from "@tanstack/react-table";
import {
  type CustomOrderListAnswer,
  type CustomOrderRow,
  type CustomOrderStatus,
  customOrderListAnswer,
  customOrderPageSizes,
  customOrderStatuses,
} from "@workshop/domain/staff-api/custom-orders.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { TableShell } from "@workshop/ui/TableShell.tsx";
import { useMemo } from "react";
import { Form, Link, redirect, useLoaderData, useSearchParams } from "react-router";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleDate } from "#admin/dates.ts";
import { consoleTexts } from "#admin/i18n/console.ts";
import { customOrderTexts } from "#admin/i18n/custom-orders.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { ConsolePages, pageHrefOf } from "#admin/layout/ConsolePages.tsx";
import { EmptyList } from "#admin/layout/ListStates.tsx";
import { signedOutRedirect } from "#admin/session/session.ts";
import { CustomOrderStatusPill } from "./CustomOrderStatusPill.tsx";
import { useCustomOrderNames } from "./names.ts";

type Loaded = { list: CustomOrderListAnswer; refusal: null } | { list: null; refusal: string };

/** The page the address asks for (status, q, page, size): the address is the list's whole state. */
export async function loader({ request }: { request: Request }): Promise<Loaded> {
  const url = new URL(request.url);
  // A value left empty is none: the address keeps only those that are set.
  const set = new URLSearchParams([...url.searchParams].filter(([, value]) => value.trim() !== ""));
  if (set.size !== url.searchParams.size) throw redirect(set.size > 0 ? `${url.pathname}?${set}` : url.pathname);
  try {
    const list = await api(`/api/admin/custom-orders${url.search}`, { answer: customOrderListAnswer, signal: request.signal });
    return { list, refusal: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { list: null, refusal: error.message };
    return signedOutRedirect(error);
  }
}

const features = tableFeatures({ rowPaginationFeature });

/** The list's address for a status (all: none), keeping the search and the page size. */
function statusHref(params: URLSearchParams, status: CustomOrderStatus | null): string {
  const changed = new URLSearchParams(params);
  changed.delete("page");
  if (status) changed.set("status", status);
  else changed.delete("status");
  return changed.size > 0 ? `/admin/custom-orders?${changed}` : "/admin/custom-orders";
}

/** The Custom Orders tab: custom hat requests, newest first, by status and search, paged by the API. */
export function Component() {
  const t = useT(customOrderTexts);
  const frame = useT(consoleTexts);
  const locale = useLocale();
  const names = useCustomOrderNames();
  const { list, refusal } = useLoaderData<Loaded>();
  const [params, setParams] = useSearchParams();
  const status = customOrderStatuses.find((s) => s === params.get("status")) ?? null;
  const size = list?.size ?? customOrderPageSizes[0];
  const page = list?.page ?? 1;

  const columns = useMemo<ColumnDef<typeof features, CustomOrderRow>[]>(
    () => [
      {
        id: "createdAt",
        header: t("col.date"),
        cell: ({ row }) => <span className="tabular-nums">{consoleDate(row.original.createdAt, locale)}</span>,
      },
      {
        id: "customer",
        header: t("col.customer"),
        cell: ({ row }) => (
          <span className="flex flex-col">
            <Link to={`/admin/custom-orders/${row.original.id}`} className="break-words font-medium underline underline-offset-4">
              #C{row.original.id} · {row.original.name}
            </Link>
            <span className="break-all text-xs text-ink-600">{row.original.email}</span>
          </span>
        ),
      },
      {
        id: "hat",
        header: t("col.hatType"),
        cell: ({ row }) => (
          <span className="break-words">
            {names.hatType(row.original.hatType)}
            {row.original.material && <span className="block text-xs text-ink-600">{names.material(row.original.material)}</span>}
          </span>
        ),
      },
      { id: "status", header: t("col.status"), cell: ({ row }) => <CustomOrderStatusPill status={row.original.status} /> },
    ],
    [t, locale, names],
  );

  const table = useTable({
    features,
    columns,
    data: list?.rows ?? [],
    getRowId: (row) => String(row.id),
    manualPagination: true,
    rowCount: list?.total ?? 0,
    state: { pagination: { pageIndex: page - 1, pageSize: size } },
  });

  const pageHref = pageHrefOf(params);
  const chooseSize = (value: string) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      changed.delete("page");
      if (value === String(customOrderPageSizes[0])) changed.delete("size");
      else changed.set("size", value);
      return changed;
    });

  return (
    <section>
      <title>{t("title")}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="mt-1 text-sm text-ink-700">{t("intro")}</p>
        </div>
        {list && <p className="text-sm text-ink-700">{t("total", { count: list.total })}</p>}
      </div>

      <nav aria-label={t("filter.label")} className="mt-5 flex flex-wrap items-center gap-2 text-sm">
        {[null, ...customOrderStatuses].map((s) => (
          <Link
            key={s ?? "all"}
            to={statusHref(params, s)}
            aria-current={s === status ? "page" : undefined}
            className={`rounded-full border px-3 py-1 font-medium ${
              s === status ? "border-ink-900 bg-ink-900 text-sand-50" : "border-sand-300 bg-white text-ink-800 hover:border-ink-900"
            }`}
          >
            {s ? names.status(s) : t("filter.all")}
          </Link>
        ))}
      </nav>

      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        {/* A search is a new list: it starts on page 1 and keeps the status and page size. */}
        <Form method="get" className="flex min-w-0 flex-wrap items-end gap-2" role="search">
          {status && <input type="hidden" name="status" value={status} />}
          {params.get("size") && <input type="hidden" name="size" value={params.get("size") ?? ""} />}
          <label className="flex min-w-0 flex-col text-sm font-medium">
            {t("filter.search")}
            <input
              key={params.get("q") ?? ""}
              type="search"
              name="q"
              maxLength={100}
              defaultValue={params.get("q") ?? ""}
              placeholder={t("filter.searchHint")}
              className="mt-1 w-64 max-w-full rounded-xl border border-sand-300 bg-white px-3 py-1.5 font-normal"
            />
          </label>
          <button type="submit" className="btn-secondary px-4 py-1.5">
            {t("filter.find")}
          </button>
        </Form>
        <label className="flex items-center gap-2 text-sm font-medium">
          {t("filter.size")}
          <select
            value={String(size)}
            onChange={(event) => chooseSize(event.target.value)}
            className="rounded-xl border border-sand-300 bg-white px-3 py-1.5"
          >
            {customOrderPageSizes.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>

      {refusal !== null ? (
        <Notice tone="problem">{t("badQuery", { error: refusal })}</Notice>
      ) : list && list.rows.length === 0 ? (
        <EmptyList text={t("empty")} total={list.total} firstPage={{ href: pageHref(1), label: frame("pages.goTo", { page: 1 }) }} />
      ) : (
        <>
          {/* A phone shows each request as a card; a wider screen the table. */}
          <ul className="mt-6 space-y-3 md:hidden" aria-label={t("title")}>
            {table.getRowModel().rows.map(({ original: c }) => (
              <li key={c.id}>
                <Link to={`/admin/custom-orders/${c.id}`} className="block rounded-2xl border border-sand-200 bg-white p-4">
                  <span className="flex items-start justify-between gap-3">
                    <span className="min-w-0 break-words font-medium">
                      #C{c.id} · {c.name}
                    </span>
                    <CustomOrderStatusPill status={c.status} />
                  </span>
                  <span className="mt-1 block break-words text-sm text-ink-700">
                    {names.hatType(c.hatType)}
                    {c.material && ` · ${names.material(c.material)}`}
                  </span>
                  <span className="mt-1 block break-all text-sm text-ink-700">{c.email}</span>
                  <span className="mt-1 block text-xs text-ink-600">{consoleDate(c.createdAt, locale)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <TableShell table={table} rowProps={(row) => ({ "data-status": row.original.status })} />
          {list && list.pages > 1 && <ConsolePages page={page} pages={list.pages} hrefOf={pageHref} />}
        </>
      )}
    </section>
  );
}
