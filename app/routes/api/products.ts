import { isLocale } from "#lib/locale.ts";
import { toApiProduct } from "#server/catalog/api.ts";
import { allProducts } from "#server/catalog/products.ts";
import { config } from "#server/config.ts";
import type { Route } from "./+types/products";

/** GET /api/products: every product (English unless ?lang=ru). */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = new URL(request.url).searchParams.get("lang");
  const products = await allProducts(isLocale(lang) ? lang : "en");
  return Response.json(products.map((p) => toApiProduct(p, config().publicUrl)));
}
