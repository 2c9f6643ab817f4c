import { API_PAGE_LIMIT, apiProductPage, apiProductQuery, etagMatches } from "@workshop/api/catalog/api.ts";
import { apiProductOf, inEnglish, productFromApi } from "@workshop/api/catalog/api-input.ts";
import { createProduct } from "@workshop/api/catalog/product-changes.ts";
import { config } from "@workshop/api/config.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { requireStaffApi } from "@workshop/api/staff/guard.ts";
import type { Route } from "./+types/products";

/**
 * GET /api/products: the products the shop shows, in id order (English unless ?lang=ru; hidden ones
 * left out), 100 at most per answer (`page`, `limit`); `Link: rel="next"` while there are more,
 * ETag and 304 for a client that has them.
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

/** POST /api/products (staff): adds a product (SPEC 3 JSON); 201 with the product, 400 naming each bad field. */
export const action = jsonEndpoint(async ({ request }: Route.ActionArgs) => {
  const actor = await requireStaffApi(request);
  if (request.method !== "POST") throw new AppError("invalid", "Use POST to add a product");
  const body = await request.json().catch(() => {
    throw new AppError("invalid", "The body must be JSON");
  });
  const origin = config().publicUrl;
  const product = await createProduct(await productFromApi(body, origin, []), actor).catch((error) => {
    throw inEnglish(error);
  });
  return Response.json(apiProductOf(product, origin), { status: 201, headers: { "Cache-Control": "no-store" } });
});
