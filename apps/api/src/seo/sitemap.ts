import { SITEMAP_PRODUCTS_PER_FILE } from "@workshop/domain/shop-api/sitemaps.ts";
import { sql } from "kysely";
import { cachedRead } from "#server/catalog/read-cache.ts";
import { getDb } from "#server/db/client.ts";

/**
 * What the storefront's sitemap (sitemaps.org) lists of the catalogue: the products the shop shows
 * (not hidden ones), SITEMAP_PRODUCTS_PER_FILE to a file in id order, with the day each last
 * changed. Each read is kept with the catalogue reads, so a saved product shows on the next request.
 */
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The products' files, numbered from 1, each with its newest change: one grouped statement. */
export function sitemapFiles(): Promise<{ file: number; lastmod: string }[]> {
  return cachedRead("sitemap:files", async () => {
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
        sql<number>`(row_number - 1) / ${SITEMAP_PRODUCTS_PER_FILE} + 1`.as("file"),
        eb.fn.max("numbered.updatedAt").as("lastmod"),
      ])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute();
    return files.map((f) => ({ file: Number(f.file), lastmod: day(f.lastmod) }));
  });
}

/** Products file `file` (from 1): its products' ids and days; null past the last file (the first always is, if empty). */
export function sitemapProducts(file: number): Promise<{ id: number; lastmod: string }[] | null> {
  return cachedRead(`sitemap:products:${file}`, async () => {
    const db = await getDb();
    const rows = await db
      .selectFrom("products")
      .select(["products.id", "products.updatedAt"])
      .where("products.hidden", "=", false)
      .orderBy("products.id")
      .limit(SITEMAP_PRODUCTS_PER_FILE)
      .offset((file - 1) * SITEMAP_PRODUCTS_PER_FILE)
      .execute();
    if (rows.length === 0 && file > 1) return null;
    return rows.map((r) => ({ id: r.id, lastmod: day(r.updatedAt) }));
  });
}
