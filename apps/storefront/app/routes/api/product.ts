import { toApiProduct } from "@workshop/api/catalog/api.ts";
import { apiProductOf, inEnglish, productFromApi } from "@workshop/api/catalog/api-input.ts";
import { editableProduct, updateProduct } from "@workshop/api/catalog/product-changes.ts";
import { getProduct, parseProductId } from "@workshop/api/catalog/products.ts";
import { config } from "@workshop/api/config.ts";
import { AppError } from "@workshop/api/errors.ts";
import { jsonEndpoint } from "@workshop/api/http/api-errors.ts";
import { requireStaffApi } from "@workshop/api/staff/guard.ts";
import { isLocale } from "@workshop/domain/locale.ts";
import type { Route } from "./+types/product";

/** GET /api/products/:id: one product the shop shows, or 404 with a JSON error (a hidden one too). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  const lang = new URL(request.url).searchParams.get("lang");
  const product = id === null ? null : await getProduct(id, isLocale(lang) ? lang : "en");
  if (!product) return Response.json({ error: "Product not found" }, { status: 404 });
  return Response.json(toApiProduct(product, config().publicUrl));
}

/** PUT /api/products/:id (staff): changes every field of a product (SPEC 3 JSON); 404 for an unknown id. */
export const action = jsonEndpoint(async ({ request, params }: Route.ActionArgs) => {
  const actor = await requireStaffApi(request);
  if (request.method !== "PUT") throw new AppError("invalid", "Use PUT to change a product");
  const id = parseProductId(params.id);
  const current = id === null ? null : await editableProduct(id);
  if (id === null || !current) throw new AppError("not_found", "Product not found");
  const body = await request.json().catch(() => {
    throw new AppError("invalid", "The body must be JSON");
  });
  const origin = config().publicUrl;
  const product = await updateProduct(id, await productFromApi(body, origin, current.images), actor).catch((error) => {
    throw inEnglish(error);
  });
  return Response.json(apiProductOf(product, origin), { headers: { "Cache-Control": "no-store" } });
});
