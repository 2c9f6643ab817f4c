import { localePath, locales } from "@workshop/domain/locale.ts";
import { languageAlternates } from "@workshop/domain/seo.ts";

/**
 * The sitemap (sitemaps.org) as XML: /sitemap.xml is an index of files of at most 50,000 URLs each,
 * the shop's pages in one, the products in the others (each in both languages). The products come
 * from the API as data (GET /api/shop/sitemaps…), not as XML: every URL here is the storefront's
 * own, its public address (PUBLIC_URL) and its routes' paths, which the API has no need to know.
 */
const PAGES = ["/", "/products", "/custom", "/about", "/contact", "/showroom", "/shipping", "/faq"];

export const xmlHeaders = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** The index: the pages' file, then the products' files (from the API) with the newest change in each. */
export function sitemapIndexXml(origin: string, productFiles: { file: number; lastmod: string }[]): string {
  const entries = [
    `<sitemap><loc>${origin}/sitemaps/pages.xml</loc></sitemap>`,
    ...productFiles.map((f) => `<sitemap><loc>${origin}/sitemaps/products-${f.file}.xml</loc><lastmod>${f.lastmod}</lastmod></sitemap>`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

const urlSetHead = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`;
const urlSetTail = "</urlset>\n";

/** Each path in both languages, each naming the other as an alternate: one <url> a line. */
function urls(origin: string, entries: { path: string; lastmod?: string }[]): string {
  let text = "";
  for (const { path, lastmod } of entries) {
    const alternates = languageAlternates(origin, path)
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${a.href}"/>`)
      .join("");
    const stamp = lastmod ? `<lastmod>${lastmod}</lastmod>` : "";
    for (const l of locales) text += `\n<url><loc>${origin}${localePath(l, path)}</loc>${stamp}${alternates}</url>`;
  }
  return text;
}

/** The shop's own pages, in both languages. */
export const pagesSitemapXml = (origin: string): string =>
  `${urlSetHead}${urls(
    origin,
    PAGES.map((path) => ({ path })),
  )}\n${urlSetTail}`;

/** Products written per piece of a file: a piece is some 700 kB of XML. */
const PRODUCTS_PER_PIECE = 1_000;

/**
 * One file of products (from the API), in both languages, written a piece at a time as the visitor
 * reads it: a full file is some 15 MB, whose writing in one go (a third of a second) would hold up
 * every other request meanwhile.
 */
export function productsSitemapXml(origin: string, products: { id: number; lastmod: string }[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(urlSetHead));
    },
    pull(controller) {
      const piece = products.slice(next, next + PRODUCTS_PER_PIECE);
      next += piece.length;
      controller.enqueue(
        encoder.encode(
          urls(
            origin,
            piece.map((p) => ({ path: `/products/${p.id}`, lastmod: p.lastmod })),
          ),
        ),
      );
      if (next >= products.length) {
        controller.enqueue(encoder.encode(`\n${urlSetTail}`));
        controller.close();
      }
    },
  });
}
