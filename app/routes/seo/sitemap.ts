import { localePath, locales } from "#lib/locale.ts";
import { languageAlternates } from "#lib/seo.ts";
import { productStamps } from "#server/catalog/products.ts";
import { config } from "#server/config.ts";

const pages = ["/", "/products", "/about", "/contact", "/showroom", "/shipping", "/faq"];

/** /sitemap.xml: every page and every product, in each language, each naming its other-language versions. */
export async function loader() {
  const origin = config().publicUrl;
  const products = await productStamps();
  const entries = [
    ...pages.map((path) => ({ path, lastmod: "" })),
    ...products.map((p) => ({ path: `/products/${p.id}`, lastmod: `<lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod>` })),
  ];
  const urls = entries.flatMap(({ path, lastmod }) => {
    const alternates = languageAlternates(origin, path)
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${a.href}"/>`)
      .join("");
    return locales.map((l) => `<url><loc>${origin}${localePath(l, path)}</loc>${lastmod}${alternates}</url>`);
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
