/** The staff's Products tab: its filters and page sizes, read from the address (lenient, like the orders list). */
export const productPageSizes = [25, 50, 100] as const;
export const productStatuses = ["in-stock", "sold-out", "new", "featured", "hidden", "shown"] as const;
export type ProductStatusFilter = (typeof productStatuses)[number];

export type ProductListQuery = { q: string; status: ProductStatusFilter | ""; page: number; limit: number };

/** The list's query from its address; anything the list does not know is left out (lenient, like the orders list). */
export function productListQuery(params: URLSearchParams): ProductListQuery {
  const q = (params.get("q") ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (NUL too) are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
  const status = params.get("status") ?? "";
  const page = /^\d{1,6}$/.test(params.get("page") ?? "") ? Math.max(1, Number(params.get("page"))) : 1;
  const limit = Number(params.get("limit"));
  return {
    q: q.isWellFormed() ? q : "",
    status: (productStatuses as readonly string[]).includes(status) ? (status as ProductStatusFilter) : "",
    page,
    limit: (productPageSizes as readonly number[]).includes(limit) ? limit : productPageSizes[0],
  };
}
