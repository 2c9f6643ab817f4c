import {
  type ColumnDef,
  functionalUpdate,
  type ReactTable,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { changedList, type ListAddress, listHref, pageOf, setFilters, sortingOf, sortOf } from "./list-address.ts";

/** What a list's table does: the API sorts and pages, the table shows the page it sent and says how it is sorted. */
const listFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature });
export type ListFeatures = typeof listFeatures;
export type ListColumns<TData extends RowData> = ColumnDef<ListFeatures, TData>[];

/** The page the API answered: which one, its size, and how many rows and pages the whole list has. */
export type AnsweredPage = { page: number; size: number; total: number; pages: number };

/** The address's parameters and a way to change them (what React Router's `useSearchParams()` gives). */
type Search = readonly [URLSearchParams, (next: (current: URLSearchParams) => URLSearchParams) => void];

export type DataTableList<TData extends RowData> = {
  table: ReactTable<ListFeatures, TData>;
  address: ListAddress;
  params: URLSearchParams;
  /** The API's answer for this address; null when it refused the address. */
  answered: AnsweredPage | null;
  page: number;
  size: number;
  /** The page sizes, smallest first, and the page size's name in the address. */
  sizes: number[];
  sizeName: string;
  /** How many filters the address sets. */
  activeFilters: number;
  /** The list's page `n`, as it is otherwise. */
  pageHref: (n: number) => string;
  /** The list with other filters (null removes one), from its first page. */
  hrefWith: (changes: Record<string, string | null>) => string;
  /** Goes to the list at another page size, from its first page (the default size left out of the address). */
  chooseSize: (size: string) => void;
};

/**
 * A list page's table, its state read from the address and written back to it: the sort, the page
 * and the page size. Each page gives its columns, its rows and the page the API answered; the
 * address (`ListAddress`) says what the list's API reads. Built as Medusa's admin `useDataTable`,
 * without a router of its own: the app gives its address (`search`).
 */
export function useDataTable<TData extends RowData>({
  address,
  search: [params, setParams],
  columns,
  rows,
  rowId,
  answered,
}: {
  address: ListAddress;
  search: Search;
  columns: ListColumns<TData>;
  rows: TData[];
  rowId: (row: TData) => string;
  answered: AnsweredPage | null;
}): DataTableList<TData> {
  const sorts = address.sorts ?? [];
  const sorting = sortingOf(params.get("sort"), sorts);
  const size = answered?.size ?? address.sizes[0]!;
  const page = answered?.page ?? 1;
  const sizeName = address.sizeName ?? "size";

  const table = useTable({
    features: listFeatures,
    columns,
    data: rows,
    getRowId: rowId,
    manualSorting: true,
    manualPagination: true,
    enableSorting: sorts.length > 0,
    enableMultiSort: false,
    rowCount: answered?.total ?? 0,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize: size } },
    onSortingChange: (updater) => {
      const sort = sortOf(functionalUpdate(updater, sorting), sorts);
      setParams((current) => changedList(current, { sort }));
    },
  });

  return {
    table,
    address,
    params,
    answered,
    page,
    size,
    sizes: [...address.sizes].sort((a, b) => a - b),
    sizeName,
    activeFilters: setFilters(params, address.filters ?? []),
    pageHref: (n) => listHref(address.path, pageOf(params, n)),
    hrefWith: (changes) => listHref(address.path, changedList(params, changes)),
    chooseSize: (chosen) =>
      setParams((current) => changedList(current, { [sizeName]: chosen === String(address.sizes[0]) ? null : chosen })),
  };
}
