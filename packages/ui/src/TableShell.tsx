import { flexRender, type Row, type RowData, type Table, type TableFeatures } from "@tanstack/react-table";
import type { HTMLAttributes } from "react";

/** What a column offers when its table has sorting (rowSortingFeature); absent otherwise. */
type Sortable = {
  getCanSort?: () => boolean;
  getIsSorted?: () => false | "asc" | "desc";
  getToggleSortingHandler?: () => (event: unknown) => void;
};

/** A row's own attributes (its state, its weight). */
export type RowProps<TFeatures extends TableFeatures, TData extends RowData> = (
  row: Row<TFeatures, TData>,
) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;

/**
 * A list's table for wide screens (a phone shows the rows as cards instead): the column heads, a
 * sortable one a button whose order screen readers hear (aria-sort), then each row's cells as its
 * columns draw them. `rows`: the rows in the order to show (the table's own by default);
 * `rowProps`: a row's own attributes (its state, its weight).
 */
export function TableShell<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  rows = table.getRowModel().rows,
  rowProps,
  className = "mt-6",
}: {
  table: Table<TFeatures, TData>;
  rows?: Row<TFeatures, TData>[];
  rowProps?: RowProps<TFeatures, TData>;
  className?: string;
}) {
  return (
    <div className={`${className} hidden overflow-hidden rounded-xl border border-sand-200 bg-white md:block`}>
      <table className="w-full text-left text-sm">
        <thead className="bg-sand-100 text-xs tracking-wide text-ink-700 uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = header.column as typeof header.column & Sortable;
                const sorted = column.getIsSorted?.() ?? false;
                const head = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-3 py-2.5"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  >
                    {column.getCanSort?.() ? (
                      <button
                        type="button"
                        onClick={column.getToggleSortingHandler?.()}
                        className="inline-flex items-center gap-1 uppercase"
                      >
                        {head}
                        <span aria-hidden>{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                      </button>
                    ) : (
                      head
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((row) => {
            const { className: rowClass = "", ...own } = rowProps?.(row) ?? {};
            return (
              <tr key={row.id} {...own} className={`border-t border-sand-200 align-top ${rowClass}`}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2.5">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
