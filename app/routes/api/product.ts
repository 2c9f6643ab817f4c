import { isLocale } from "#lib/locale.ts";
import { toApiProduct } from "#server/catalog/api.ts";
import { getProduct, parseProductId } from "#server/catalog/products.ts";
import { config } from "#server/config.ts";
import type { Route } from "./+types/product";

/** GET /api/products/:id: one product, or 404 with a JSON error. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  const lang = new URL(request.url).searchParams.get("lang");
  const product = id === null ? null : await getProduct(id, isLocale(lang) ? lang : "en");
  if (!product) return Response.json({ error: "Product not found" }, { status: 404 });
  return Response.json(toApiProduct(product, config().publicUrl));
}
