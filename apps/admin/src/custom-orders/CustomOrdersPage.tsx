import {
  type CustomOrderListAnswer,
  type CustomOrderRow,
  customOrderListAnswer,
  customOrderPageSizes,
  customOrderStatuses,
} from "@workshop/domain/staff-api/custom-orders.ts";
import { PageSize } from "@workshop/ui/ListControls.tsx";
import type { ListAddress } from "@workshop/ui/list-address.ts";
import { type ListColumns, useDataTable } from "@workshop/ui/use-data-table.ts";
import { useMemo } from "react";
import { Form, Link, useLoaderData, useSearchParams } from "react-router";
import { consoleDate } from "#admin/dates.ts";
import { customOrderTexts } from "#admin/i18n/custom-orders.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { ConsoleList } from "#admin/layout/ConsoleList.tsx";
import { FilterLinks } from "#admin/layout/FilterLinks.tsx";
import { type ListLoaded, listLoader } from "#admin/layout/list-loader.ts";
import { CustomOrderStatusPill } from "./CustomOrderStatusPill.tsx";
import { useCustomOrderNames } from "./names.ts";

/** The page the address asks for (status, q, page, size): the address is the list's whole state. */
export const loader = listLoader("/api/admin/custom-orders", customOrderListAnswer);

const address: ListAddress = { path: "/admin/custom-orders", sizes: customOrderPageSizes };

/** The Custom Orders tab: custom hat requests, newest first, by status and search, paged by the API. */
export function Component() {
  const t = useT(customOrderTexts);
  const locale = useLocale();
  const names = useCustomOrderNames();
  const { list: answer, refusal } = useLoaderData<ListLoaded<CustomOrderListAnswer>>();

  const columns = useMemo<ListColumns<CustomOrderRow>>(
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
  const list = useDataTable({
    address,
    search: useSearchParams(),
    columns,
    rows: answer?.rows ?? [],
    rowId: (row) => String(row.id),
    answered: answer,
  });
  const { params } = list;
  const status = customOrderStatuses.find((s) => s === params.get("status")) ?? null;

  return (
    <ConsoleList
      list={list}
      title={t("title")}
      intro={t("intro")}
      count={(count) => t("total", { count })}
      filters={
        <>
          <FilterLinks
            label={t("filter.label")}
            className="mt-5"
            links={[null, ...customOrderStatuses].map((s) => ({
              key: s ?? "all",
              label: s ? names.status(s) : t("filter.all"),
              href: list.hrefWith({ status: s }),
              current: s === status,
            }))}
          />
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
            <PageSize list={list} label={t("filter.size")} atOnce />
          </div>
        </>
      }
      refusal={refusal && t("badQuery", { error: refusal.message })}
      empty={t("empty")}
      card={(c) => (
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
      )}
      rowProps={(row) => ({ "data-status": row.original.status })}
    />
  );
}
