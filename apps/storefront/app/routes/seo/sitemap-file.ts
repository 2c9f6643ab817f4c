import { config } from "@workshop/api/config.ts";
import { pagesSitemap, productsSitemap } from "@workshop/api/seo/sitemap.ts";
import type { Route } from "./+types/sitemap-file";

const headers = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** /sitemaps/pages.xml and /sitemaps/products-N.xml: the files the sitemap index lists. */
export async function loader({ params }: Route.LoaderArgs) {
  const origin = config().publicUrl;
  if (params.file === "pages.xml") return new Response(pagesSitemap(origin), { headers });
  const file = /^products-([1-9]\d{0,5})\.xml$/.exec(params.file ?? "")?.[1];
  const body = file ? await productsSitemap(origin, Number(file)) : null;
  if (body === null) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(body, { headers });
}
