import type { RowData } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { EmptyState } from "./EmptyState.tsx";
import { Notice } from "./Notice.tsx";
import { type LinkProps, Pages, type PagesLabels } from "./Pages.tsx";
import { type RowProps, TableShell } from "./TableShell.tsx";
import type { DataTableList, ListFeatures } from "./use-data-table.ts";

export type DataTableProps<TData extends RowData> = {
  /** The list's table and address (useDataTable). */
  list: DataTableList<TData>;
  /** The page's name (its heading, its tab's title, the phone's list of cards) and what it lists. */
  title: string;
  intro: string;
  /** The whole list's count ("Orders: 28"), once the API answered. */
  count?: string;
  /** The list's own links beside its count (add, export). */
  actions?: ReactNode;
  /** The list's filters, between its heading and its rows. */
  filters?: ReactNode;
  /** Why the API refused the address (a hand-made one), shown instead of the rows. */
  refusal: string | null;
  /** What an empty list says; past the last page it offers the first (`firstPage`). */
  empty: string;
  firstPage: string;
  /** A row as a phone shows it: a card of its own. */
  card: (row: TData) => ReactNode;
  rowProps?: RowProps<ListFeatures, TData>;
  /** The app's router link, and the page links' words. */
  link: (props: LinkProps) => ReactNode;
  pagesLabels: PagesLabels;
};

/**
 * A list page of the API's rows: its heading with the count and its links, its filters, then the
 * rows (a card each on a phone, the table on a wider screen) and the page links under them; or
 * why the address was refused, or that nothing matches. Built as Medusa's admin `DataTable`.
 */
export function DataTable<TData extends RowData>({
  list,
  title,
  intro,
  count,
  actions,
  filters,
  refusal,
  empty,
  firstPage,
  card,
  rowProps,
  link,
  pagesLabels,
}: DataTableProps<TData>) {
  const rows = list.table.getRowModel().rows;
  const total = list.answered?.total ?? 0;
  return (
    <section>
      <title>{title}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="mt-1 text-sm text-ink-700">{intro}</p>
        </div>
        {(count || actions) && (
          <div className="flex flex-wrap items-center gap-3">
            {count && <p className="text-sm text-ink-700">{count}</p>}
            {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
          </div>
        )}
      </div>
      {filters}

      {refusal !== null ? (
        <Notice tone="problem">{refusal}</Notice>
      ) : rows.length === 0 ? (
        <EmptyState
          text={empty}
          action={total > 0 ? link({ href: list.pageHref(1), className: "btn-secondary", children: firstPage }) : undefined}
          className="mt-6"
        />
      ) : (
        <>
          <ul className="mt-6 space-y-3 md:hidden" aria-label={title}>
            {rows.map((row) => (
              <li key={row.id}>{card(row.original)}</li>
            ))}
          </ul>
          <TableShell table={list.table} rowProps={rowProps} />
          <Pages page={list.page} pages={list.answered?.pages ?? 1} hrefOf={list.pageHref} labels={pagesLabels} link={link} />
        </>
      )}
    </section>
  );
}
