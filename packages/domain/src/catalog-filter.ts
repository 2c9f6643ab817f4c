/** The product list's filter, sort and page, as they live in the URL query. */
export const sortOptions = ["featured", "newest", "price-low", "price-high"] as const;
export type SortOption = (typeof sortOptions)[number];

export const PRODUCTS_PER_PAGE = 8;

export type CatalogFilter = {
  /** Head size in cm, or null for all sizes. */
  size: number | null;
  inStock: boolean;
  outOfStock: boolean;
  sort: SortOption;
  page: number;
};

export const defaultFilter: CatalogFilter = { size: null, inStock: true, outOfStock: true, sort: "featured", page: 1 };

/**
 * Reads the filter from a query. Unknown or malformed values fall back to the defaults.
 * Availability: absent means both boxes on; otherwise the listed values ('in', 'out') are on,
 * and the form's marker value 'none' lets "both off" be said without JavaScript.
 */
export function parseFilter(query: URLSearchParams): CatalogFilter {
  // The last value wins: the no-JavaScript form sends the current size, then the clicked button's.
  const sizeText = query.getAll("size").at(-1) ?? "";
  const size = /^\d{2}$/.test(sizeText) ? Number(sizeText) : null;
  const availability = query.getAll("availability");
  const hasAvailability = availability.length > 0;
  const sortText = query.get("sort") ?? "";
  const sort = (sortOptions as readonly string[]).includes(sortText) ? (sortText as SortOption) : "featured";
  const pageText = query.get("page") ?? "";
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  return {
    size,
    inStock: hasAvailability ? availability.includes("in") : true,
    outOfStock: hasAvailability ? availability.includes("out") : true,
    sort,
    page,
  };
}

/** The shortest query that says this filter (defaults left out), for links and history. */
export function filterToQuery(filter: CatalogFilter): string {
  const q = new URLSearchParams();
  if (filter.size !== null) q.set("size", String(filter.size));
  if (!(filter.inStock && filter.outOfStock)) {
    if (filter.inStock) q.append("availability", "in");
    else if (filter.outOfStock) q.append("availability", "out");
    else q.append("availability", "none");
  }
  if (filter.sort !== "featured") q.set("sort", filter.sort);
  if (filter.page > 1) q.set("page", String(filter.page));
  const text = q.toString();
  return text ? `?${text}` : "";
}
