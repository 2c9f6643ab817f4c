import { type CatalogFilter, PRODUCTS_PER_PAGE, type SortOption } from "@workshop/domain/catalog-filter.ts";

/**
 * The product list's orderings in memory: every page of the list, filtered and sorted, is a slice
 * of an array, so a deep page costs what the first does (an OFFSET would read every row before
 * it). Made from the few columns the filters and sorts read, once per catalogue version
 * (product-list.ts); each sort keeps row numbers (4 bytes a product).
 */

/** The columns of every product the shop shows, one row at the same place in each (list-columns.ts). */
export type ListColumns = {
  id: number[];
  priceCents: number[];
  isFeatured: boolean[];
  isNew: boolean[];
  /** Microseconds since 1970, exact as the database orders them. */
  createdAtMicros: number[];
  inStock: boolean[];
  sizes: number[][];
};

export type ListIndex = {
  /** Product ids by row. */
  ids: Int32Array;
  inStock: Uint8Array;
  /** Row r's sizes are sizeList[sizeStart[r]] up to sizeList[sizeStart[r + 1]]. */
  sizeStart: Int32Array;
  sizeList: Int32Array;
  /** Every distinct size, ascending: the list's size buttons. */
  sizes: number[];
  /** Row numbers in each sort's order. */
  orders: Record<SortOption, Int32Array>;
  /** Filtered orders made so far, oldest first (see filteredRows). */
  filtered: Map<string, Int32Array>;
  filteredLength: number;
  /** Product ids ascending (the JSON list's order), made on first use. */
  byId?: Int32Array;
};

/** One page of the list: its product ids in order, and where it sits. */
export type ListSlice = { ids: number[]; total: number; page: number; totalPages: number };

/**
 * Row numbers held by filtered orders at most (16 MB): every filter of a 20,000-product catalogue
 * fits many times over; with a million products the least recently used are made again (a pass
 * over one sort's order, a few milliseconds).
 */
const FILTERED_BUDGET = 4_000_000;

/** Row numbers 0 to n - 1. */
function rowNumbers(n: number): Int32Array {
  const rows = new Int32Array(n);
  for (let r = 0; r < n; r++) rows[r] = r;
  return rows;
}

/**
 * Each sort's order, ties broken by id as the list always did: featured = isFeatured desc, id asc;
 * newest = isNew desc, createdAt desc, id desc; price = priceCents either way, id asc.
 */
function sortOrders(c: ListColumns, ids: Int32Array): Record<SortOption, Int32Array> {
  const n = ids.length;
  const featured = Uint8Array.from(c.isFeatured, Number);
  const isNew = Uint8Array.from(c.isNew, Number);
  const created = Float64Array.from(c.createdAtMicros);
  const price = Float64Array.from(c.priceCents);
  return {
    featured: rowNumbers(n).sort((a, b) => featured[b]! - featured[a]! || ids[a]! - ids[b]!),
    newest: rowNumbers(n).sort((a, b) => isNew[b]! - isNew[a]! || created[b]! - created[a]! || ids[b]! - ids[a]!),
    "price-low": rowNumbers(n).sort((a, b) => price[a]! - price[b]! || ids[a]! - ids[b]!),
    "price-high": rowNumbers(n).sort((a, b) => price[b]! - price[a]! || ids[a]! - ids[b]!),
  };
}

export function buildListIndex(columns: ListColumns): ListIndex {
  const n = columns.id.length;
  const inStock = new Uint8Array(n);
  const sizeStart = new Int32Array(n + 1);
  for (let r = 0; r < n; r++) {
    inStock[r] = columns.inStock[r] ? 1 : 0;
    sizeStart[r + 1] = sizeStart[r]! + columns.sizes[r]!.length;
  }
  const sizeList = new Int32Array(sizeStart[n]!);
  for (let r = 0; r < n; r++) sizeList.set(columns.sizes[r]!, sizeStart[r]!);
  const ids = Int32Array.from(columns.id);
  return {
    ids,
    inStock,
    sizeStart,
    sizeList,
    sizes: [...new Set(sizeList)].sort((a, b) => a - b),
    orders: sortOrders(columns, ids),
    filtered: new Map(),
    filteredLength: 0,
  };
}

function hasSize(index: ListIndex, row: number, size: number): boolean {
  for (let i = index.sizeStart[row]!; i < index.sizeStart[row + 1]!; i++) if (index.sizeList[i] === size) return true;
  return false;
}

/** The rows a filter shows, in its sort's order: made once, then kept within the budget. */
function filteredRows(index: ListIndex, filter: CatalogFilter): Int32Array {
  const order = index.orders[filter.sort];
  const stock = filter.inStock === filter.outOfStock ? null : filter.inStock ? 1 : 0;
  if (filter.size === null && stock === null) return order;
  const key = `${filter.sort}:${filter.size}:${stock}`;
  const kept = index.filtered.get(key);
  if (kept) {
    // Most recently used last: the budget drops the oldest first.
    index.filtered.delete(key);
    index.filtered.set(key, kept);
    return kept;
  }
  const matching = new Int32Array(order.length);
  let count = 0;
  for (const row of order) {
    if (stock !== null && index.inStock[row] !== stock) continue;
    if (filter.size !== null && !hasSize(index, row, filter.size)) continue;
    matching[count++] = row;
  }
  const rows = matching.slice(0, count);
  for (const [oldest, dropped] of index.filtered) {
    if (index.filteredLength + rows.length <= FILTERED_BUDGET) break;
    index.filtered.delete(oldest);
    index.filteredLength -= dropped.length;
  }
  index.filtered.set(key, rows);
  index.filteredLength += rows.length;
  return rows;
}

/** A page of the list by its rules (decision 004): no availability ticked shows nothing; a page past the end is the last page. */
export function listSlice(index: ListIndex, filter: CatalogFilter): ListSlice {
  if (!filter.inStock && !filter.outOfStock) return { ids: [], total: 0, page: 1, totalPages: 0 };
  const rows = filteredRows(index, filter);
  const total = rows.length;
  const totalPages = Math.ceil(total / PRODUCTS_PER_PAGE);
  const page = Math.min(filter.page, Math.max(totalPages, 1));
  const start = (page - 1) * PRODUCTS_PER_PAGE;
  const ids = Array.from(rows.subarray(start, start + PRODUCTS_PER_PAGE), (row) => index.ids[row]!);
  return { ids, total, page, totalPages };
}

/** The id at `position` (from 0) among the products shown in id order: where a page of the JSON list starts; undefined past the end. */
export function idAt(index: ListIndex, position: number): number | undefined {
  // A typed array sorts as numbers.
  index.byId ??= index.ids.slice().sort();
  return index.byId[position];
}
