import { localePath, locales } from "@workshop/domain/locale.ts";
import { languageAlternates } from "@workshop/domain/seo.ts";
import { sql } from "kysely";
import { cachedRead } from "#server/catalog/read-cache.ts";
import { getDb } from "#server/db/client.ts";

/**
 * The sitemap (sitemaps.org): /sitemap.xml is an index of files of at most 50,000 URLs each, the
 * shop's pages in one, the products it shows (not hidden ones) 25,000 to a file (each in both languages). Each file is made
 * once and kept with the catalogue reads, so a saved product shows in it on the next request.
 */
const PAGES = ["/", "/products", "/custom", "/about", "/contact", "/showroom", "/shipping", "/faq"];
const PRODUCTS_PER_FILE = 50_000 / locales.length;

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The index: the pages' file and one file per 25,000 products, each with its newest change. */
export function sitemapIndex(origin: string): Promise<string> {
  return cachedRead(`sitemap:index:${origin}`, async () => {
    const db = await getDb();
    const files = await db
      .selectFrom(
        db
          .selectFrom("products")
          .select(["products.updatedAt", sql<number>`row_number() over (order by "products"."id")`.as("rowNumber")])
          .where("products.hidden", "=", false)
          .as("numbered"),
      )
      // bigint and count(*) come back as numbers (db/client.ts).
      .select((eb) => [
        sql<number>`(row_number - 1) / ${PRODUCTS_PER_FILE} + 1`.as("file"),
        eb.fn.max("numbered.updatedAt").as("lastmod"),
        eb.fn.countAll<number>().as("n"),
      ])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute();
    const entries = [
      `<sitemap><loc>${origin}/sitemaps/pages.xml</loc></sitemap>`,
      ...files.map((f) => `<sitemap><loc>${origin}/sitemaps/products-${f.file}.xml</loc><lastmod>${day(f.lastmod)}</lastmod></sitemap>`),
    ];
    return xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>`);
  });
}

function urlSet(origin: string, entries: { path: string; lastmod?: Date }[]): string {
  const urls = entries.flatMap(({ path, lastmod }) => {
    const alternates = languageAlternates(origin, path)
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${a.href}"/>`)
      .join("");
    const stamp = lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : "";
    return locales.map((l) => `<url><loc>${origin}${localePath(l, path)}</loc>${stamp}${alternates}</url>`);
  });
  return xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>`,
  );
}

/** The shop's own pages, in both languages. */
export function pagesSitemap(origin: string): string {
  return urlSet(
    origin,
    PAGES.map((path) => ({ path })),
  );
}

/** Products file `file` (from 1), or null past the last one. */
export function productsSitemap(origin: string, file: number): Promise<string | null> {
  return cachedRead(`sitemap:products:${origin}:${file}`, async () => {
    const db = await getDb();
    const rows = await db
      .selectFrom("products")
      .select(["products.id", "products.updatedAt"])
      .where("products.hidden", "=", false)
      .orderBy("products.id")
      .limit(PRODUCTS_PER_FILE)
      .offset((file - 1) * PRODUCTS_PER_FILE)
      .execute();
    if (rows.length === 0 && file > 1) return null;
    return urlSet(
      origin,
      rows.map((r) => ({ path: `/products/${r.id}`, lastmod: r.updatedAt })),
    );
  });
}
