import { config } from "@workshop/api/config.ts";
import { sitemapIndex } from "@workshop/api/seo/sitemap.ts";

const headers = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** /sitemap.xml: the index of the shop's sitemap files (server/seo/sitemap.ts). */
export async function loader() {
  return new Response(await sitemapIndex(config().publicUrl), { headers });
}
