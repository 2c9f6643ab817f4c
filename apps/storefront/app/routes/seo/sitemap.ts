import { sitemapIndexAnswer } from "@workshop/domain/shop-api/sitemaps.ts";
import { apiGet } from "#app/api/client.server.ts";
import { storefrontConfig } from "#app/config.server.ts";
import type { Route } from "./+types/sitemap";
import { sitemapIndexXml, xmlHeaders } from "./sitemap-xml.server.ts";

/** /sitemap.xml: the index of the shop's sitemap files (sitemap-xml.server.ts), the products' files as the API counts them. */
export async function loader({ request }: Route.LoaderArgs) {
  const { productFiles } = await apiGet(request, "/api/shop/sitemaps", sitemapIndexAnswer);
  return new Response(sitemapIndexXml(storefrontConfig().publicUrl, productFiles), { headers: xmlHeaders });
}
