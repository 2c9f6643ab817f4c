import { sitemapProductsAnswer } from "@workshop/domain/shop-api/sitemaps.ts";
import { ApiRefusal, apiGet } from "#app/api/client.server.ts";
import { storefrontConfig } from "#app/config.server.ts";
import type { Route } from "./+types/sitemap-file";
import { pagesSitemapXml, productsSitemapXml, xmlHeaders } from "./sitemap-xml.server.ts";

const notFound = () => new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** /sitemaps/pages.xml and /sitemaps/products-N.xml: the files the sitemap index lists. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const origin = storefrontConfig().publicUrl;
  if (params.file === "pages.xml") return new Response(pagesSitemapXml(origin), { headers: xmlHeaders });
  const file = /^products-([1-9]\d{0,5})\.xml$/.exec(params.file ?? "")?.[1];
  if (!file) return notFound();
  try {
    const { products } = await apiGet(request, `/api/shop/sitemaps/products/${file}`, sitemapProductsAnswer);
    return new Response(productsSitemapXml(origin, products), { headers: xmlHeaders });
  } catch (error) {
    // Past the last file.
    if (error instanceof ApiRefusal && error.status === 404) return notFound();
    throw error;
  }
}
