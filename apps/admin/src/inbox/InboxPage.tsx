import { type ColumnDef, rowPaginationFeature, tableFeatures, useTable } from "@tanstack/react-table";
import { type InboxFilter, inboxFilter, inboxFilters } from "@workshop/domain/inbox.ts";
import { type InboxListAnswer, type InboxRow, inboxListAnswer, inboxPageSizes } from "@workshop/domain/staff-api/inbox.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { TableShell } from "@workshop/ui/TableShell.tsx";
import { useMemo } from "react";
import { Link, redirect, useLoaderData, useSearchParams } from "react-router";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleDate } from "#admin/dates.ts";
import { consoleTexts } from "#admin/i18n/console.ts";
import { inboxTexts } from "#admin/i18n/inbox.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { ConsolePages, pageHrefOf } from "#admin/layout/ConsolePages.tsx";
import { EmptyList } from "#admin/layout/ListStates.tsx";
import { signedOutRedirect } from "#admin/session/session.ts";
import { InboxStatePill } from "./InboxStatePill.tsx";

type Loaded = { list: InboxListAnswer; refusal: null } | { list: null; refusal: string };

/** The page the address asks for (filter, page, size): the address is the list's whole state. */
export async function loader({ request }: { request: Request }): Promise<Loaded> {
  const url = new URL(request.url);
  // A value left empty is none: the address keeps only those that are set.
  const set = new URLSearchParams([...url.searchParams].filter(([, value]) => value !== ""));
  if (set.size !== url.searchParams.size) throw redirect(`${url.pathname}?${set}`);
  try {
    return { list: await api(`/api/admin/inbox${url.search}`, { answer: inboxListAnswer, signal: request.signal }), refusal: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { list: null, refusal: error.message };
    return signedOutRedirect(error);
  }
}

const features = tableFeatures({ rowPaginationFeature });

/** The inbox's address for a filter (the default left out), keeping the page size. */
function filterHref(params: URLSearchParams, filter: InboxFilter): string {
  const changed = new URLSearchParams(params);
  changed.delete("page");
  if (filter === "all") changed.delete("filter");
  else changed.set("filter", filter);
  return changed.size > 0 ? `/admin/inbox?${changed}` : "/admin/inbox";
}

/** The Inbox tab: contact messages, newest first, filtered by state and paged by the API. */
export function Component() {
  const t = useT(inboxTexts);
  const frame = useT(consoleTexts);
  const locale = useLocale();
  const { list, refusal } = useLoaderData<Loaded>();
  const [params, setParams] = useSearchParams();
  const filter = inboxFilter(params.get("filter"));
  const size = list?.size ?? inboxPageSizes[0];
  const page = list?.page ?? 1;

  const columns = useMemo<ColumnDef<typeof features, InboxRow>[]>(
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
      if (value === String(inboxPageSizes[0])) changed.delete("size");
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
        {list && <p className="text-sm text-ink-700">{t("count", { count: list.total })}</p>}
      </div>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t("filter.label")} className="flex flex-wrap items-center gap-2 text-sm">
          {inboxFilters.map((f) => (
            <Link
              key={f}
              to={filterHref(params, f)}
              aria-current={f === filter ? "page" : undefined}
              className={`rounded-full border px-3 py-1 font-medium ${
                f === filter ? "border-ink-900 bg-ink-900 text-sand-50" : "border-sand-300 bg-white text-ink-800 hover:border-ink-900"
              }`}
            >
              {t(`filter.${f}`)}
            </Link>
          ))}
        </nav>
        <label className="flex items-center gap-2 text-sm font-medium">
          {t("filter.size")}
          <select
            value={String(size)}
            onChange={(event) => chooseSize(event.target.value)}
            className="rounded-xl border border-sand-300 bg-white px-3 py-1.5"
          >
            {inboxPageSizes.map((n) => (
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
          {/* A phone shows each message as a card; a wider screen the table. */}
          <ul className="mt-6 space-y-3 md:hidden" aria-label={t("title")}>
            {table.getRowModel().rows.map(({ original: m }) => (
              <li key={m.id}>
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
              </li>
            ))}
          </ul>
          <TableShell
            table={table}
            rowProps={(row) => ({ "data-state": row.original.state, className: row.original.state === "unread" ? "font-semibold" : "" })}
          />
          {list && list.pages > 1 && <ConsolePages page={page} pages={list.pages} hrefOf={pageHref} />}
        </>
      )}
    </section>
  );
}
