import { API_PAGE_LIMIT, apiProductPage, apiProductQuery, etagMatches } from "#server/catalog/api.ts";
import { config } from "#server/config.ts";
import { jsonEndpoint } from "#server/http/api-errors.ts";
import type { Route } from "./+types/products";

/**
 * GET /api/products: the products in id order (English unless ?lang=ru), 100 at most per answer
 * (`page`, `limit`); `Link: rel="next"` while there are more, ETag and 304 for a client that has them.
 */
export const loader = jsonEndpoint(async ({ request }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const query = apiProductQuery(url.searchParams);
  const page = await apiProductPage(query, config().publicUrl);
  const headers = new Headers({
    ETag: page.etag,
    "Cache-Control": "public, max-age=0, must-revalidate",
    "X-Total-Count": String(page.total),
  });
  const link = (n: number, rel: string) => {
    const to = new URL("/api/products", config().publicUrl);
    if (url.searchParams.has("lang")) to.searchParams.set("lang", query.locale);
    to.searchParams.set("page", String(n));
    if (query.limit !== API_PAGE_LIMIT) to.searchParams.set("limit", String(query.limit));
    return `<${to}>; rel="${rel}"`;
  };
  const links = [
    ...(query.page * query.limit < page.total ? [link(query.page + 1, "next")] : []),
    ...(query.page > 1 ? [link(query.page - 1, "prev")] : []),
  ];
  if (links.length > 0) headers.set("Link", links.join(", "));
  if (etagMatches(request.headers.get("If-None-Match"), page.etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/json");
  return new Response(page.body, { headers });
});
