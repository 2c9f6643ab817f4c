import { isLocale } from "#lib/locale.ts";
import { toApiProduct } from "#server/catalog/api.ts";
import { apiProductOf, inEnglish, productFromApi } from "#server/catalog/api-input.ts";
import { createProduct } from "#server/catalog/product-changes.ts";
import { allProducts } from "#server/catalog/products.ts";
import { config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { jsonEndpoint } from "#server/http/api-errors.ts";
import { requireStaffApi } from "#server/staff/guard.ts";
import type { Route } from "./+types/products";

/** GET /api/products: every product the shop shows (English unless ?lang=ru); hidden ones are left out. */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = new URL(request.url).searchParams.get("lang");
  const products = await allProducts(isLocale(lang) ? lang : "en");
  return Response.json(products.map((p) => toApiProduct(p, config().publicUrl)));
}

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
