import type { SortingState } from "@tanstack/react-table";

/**
 * What a list's address may hold, as its API reads it. The address is the list's whole state (its
 * filters, sort, page size and page), so a reload, a shared link or Back show the same list.
 */
export type ListAddress = {
  /** The list's own address ("/admin/orders"): a list with nothing set, and Reset, lead there. */
  path: string;
  /** The page sizes the API takes, its default first. */
  sizes: readonly number[];
  /** The page size's name in the address ("size" unless the API reads another, as the products list's "limit"). */
  sizeName?: string;
  /** The sorts the API takes ("-createdAt": newest first), its default first; none: the API's order only. */
  sorts?: readonly string[];
  /** The filters a person sets (the search among them), counted on the phone's Filters button. */
  filters?: readonly string[];
};

/** The address without its blank values: a filter left empty (or spaces only) is no filter. */
export function withoutBlanks(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...params].filter(([, value]) => value.trim() !== ""));
}

/** The list at `path` with `params`: the path alone when nothing is set. */
export function listHref(path: string, params: URLSearchParams): string {
  return params.size > 0 ? `${path}?${params}` : path;
}

/** Another list from this one (another filter, sort or page size), from its first page; null or "" removes a value. */
export function changedList(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const changed = new URLSearchParams(params);
  changed.delete("page");
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") changed.delete(name);
    else changed.set(name, value);
  }
  return changed;
}

/** Page `n` of the list, its filters, sort and page size as they are. */
export function pageOf(params: URLSearchParams, n: number): URLSearchParams {
  const changed = new URLSearchParams(params);
  changed.set("page", String(n));
  return changed;
}

/** The table's sorting for the address's sort ("-total": by total, dearest first); none or an unknown one: the API's default. */
export function sortingOf(sort: string | null, sorts: readonly string[]): SortingState {
  const value = sort !== null && sorts.includes(sort) ? sort : sorts[0];
  return value === undefined ? [] : [{ id: value.replace(/^-/, ""), desc: value.startsWith("-") }];
}

/** The address's sort for the table's sorting: null for the API's default (or none), which the address leaves out. */
export function sortOf(sorting: SortingState, sorts: readonly string[]): string | null {
  const [column] = sorting;
  if (!column) return null;
  const sort = `${column.desc ? "-" : ""}${column.id}`;
  return sort === sorts[0] ? null : sort;
}

/** How many of `filters` the address sets. */
export function setFilters(params: URLSearchParams, filters: readonly string[]): number {
  return filters.filter((name) => params.get(name)).length;
}
