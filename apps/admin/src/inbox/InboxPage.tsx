import { inboxFilter, inboxFilters } from "@workshop/domain/inbox.ts";
import { type InboxListAnswer, type InboxRow, inboxListAnswer, inboxPageSizes } from "@workshop/domain/staff-api/inbox.ts";
import { PageSize } from "@workshop/ui/ListControls.tsx";
import type { ListAddress } from "@workshop/ui/list-address.ts";
import { type ListColumns, useDataTable } from "@workshop/ui/use-data-table.ts";
import { useMemo } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { consoleDate } from "#admin/dates.ts";
import { inboxTexts } from "#admin/i18n/inbox.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { ConsoleList } from "#admin/layout/ConsoleList.tsx";
import { FilterLinks } from "#admin/layout/FilterLinks.tsx";
import { type ListLoaded, listLoader } from "#admin/layout/list-loader.ts";
import { InboxStatePill } from "./InboxStatePill.tsx";

/** The page the address asks for (filter, page, size): the address is the list's whole state. */
export const loader = listLoader("/api/admin/inbox", inboxListAnswer);

const address: ListAddress = { path: "/admin/inbox", sizes: inboxPageSizes };

/** The Inbox tab: contact messages, newest first, filtered by state and paged by the API. */
export function Component() {
  const t = useT(inboxTexts);
  const locale = useLocale();
  const { list: answer, refusal } = useLoaderData<ListLoaded<InboxListAnswer>>();

  const columns = useMemo<ListColumns<InboxRow>>(
    () => [
      {
        id: "createdAt",
        header: t("col.date"),
        cell: ({ row }) => <span className="tabular-nums">{consoleDate(row.original.createdAt, locale)}</span>,
      },
      {
        id: "from",
        header: t("col.from"),
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span>{row.original.name}</span>
            <span className="text-xs font-normal text-ink-600">{row.original.email}</span>
          </span>
        ),
      },
      {
        id: "subject",
        header: t("col.subject"),
        cell: ({ row }) => (
          <Link to={`/admin/inbox/${row.original.id}`} className="break-words underline underline-offset-4">
            {row.original.subject}
          </Link>
        ),
      },
      { id: "state", header: t("col.state"), cell: ({ row }) => <InboxStatePill state={row.original.state} /> },
    ],
    [t, locale],
  );
  const list = useDataTable({
    address,
    search: useSearchParams(),
    columns,
    rows: answer?.rows ?? [],
    rowId: (row) => String(row.id),
    answered: answer,
  });
  const filter = inboxFilter(list.params.get("filter"));

  return (
    <ConsoleList
      list={list}
      title={t("title")}
      intro={t("intro")}
      count={(count) => t("count", { count })}
      filters={
        <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
          <FilterLinks
            label={t("filter.label")}
            links={inboxFilters.map((f) => ({
              key: f,
              label: t(`filter.${f}`),
              // All is the inbox's default: its address says nothing of it.
              href: list.hrefWith({ filter: f === "all" ? null : f }),
              current: f === filter,
            }))}
          />
          <PageSize list={list} label={t("filter.size")} atOnce />
        </div>
      }
      refusal={refusal && t("badQuery", { error: refusal.message })}
      empty={t("empty")}
      card={(m) => (
        <Link
          to={`/admin/inbox/${m.id}`}
          className={`block rounded-2xl border border-sand-200 bg-white p-4 ${m.state === "unread" ? "font-semibold" : ""}`}
        >
          <span className="flex items-start justify-between gap-3">
            <span className="min-w-0 break-words">{m.subject}</span>
            <InboxStatePill state={m.state} />
          </span>
          <span className="mt-1 block break-words text-sm font-normal text-ink-700">
            {m.name} · {m.email}
          </span>
          <span className="mt-1 block text-xs font-normal text-ink-600">{consoleDate(m.createdAt, locale)}</span>
        </Link>
      )}
      rowProps={(row) => ({ "data-state": row.original.state, className: row.original.state === "unread" ? "font-semibold" : "" })}
    />
  );
}
