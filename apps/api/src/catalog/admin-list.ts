import type { ProductListQuery, ProductStatusFilter } from "@workshop/domain/admin-product-list.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import type { ProductImage } from "@workshop/domain/product.ts";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { getDb } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";

/**
 * The staff's Products tab: every product (hidden ones too), searched, filtered and paged in the
 * database, newest id first. Always read now, never from the few-second catalogue cache.
 */
export type ProductListRow = {
  id: number;
  name: string;
  priceCents: number;
  isNew: boolean;
  isFeatured: boolean;
  inStock: boolean;
  hidden: boolean;
  image: ProductImage | null;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const statusCondition: Record<ProductStatusFilter, SQL> = {
  "in-stock": eq(products.inStock, true),
  "sold-out": eq(products.inStock, false),
  new: eq(products.isNew, true),
  featured: eq(products.isFeatured, true),
  hidden: eq(products.hidden, true),
  shown: eq(products.hidden, false),
};

function listCondition(query: ProductListQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.status) parts.push(statusCondition[query.status]);
  if (query.q) {
    // The id itself, or a piece of the English or Russian name (any case).
    const like = `%${escapeLike(query.q.toLowerCase())}%`;
    const byName = sql`(lower(${products.name}) like ${like} escape '\\' or lower(coalesce(${products.translations}->'ru'->>'name', '')) like ${like} escape '\\')`;
    parts.push(/^\d{1,9}$/.test(query.q) ? sql`(${products.id} = ${Number(query.q)} or ${byName})` : byName);
  }
  return parts.length ? and(...parts) : undefined;
}

/** One page of the list and how many products match; a page past the end is empty (its links lead back). */
export async function productListPage(
  query: ProductListQuery,
  locale: Locale = "en",
): Promise<{ rows: ProductListRow[]; pagination: { page: number; limit: number; total: number; totalPages: number } }> {
  const db = await getDb();
  const where = listCondition(query);
  const firstImage = sql<ProductImage | null>`(select json_build_object('key', i.storage_key, 'width', i.width, 'height', i.height)
    from product_images i where i.product_id = "products"."id" order by i.position limit 1)`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: products.id,
        // The name in the reader's language (the English one where there is no Russian one).
        name:
          locale === "ru" ? sql<string>`coalesce(nullif(${products.translations}->'ru'->>'name', ''), ${products.name})` : products.name,
        priceCents: products.priceCents,
        isNew: products.isNew,
        isFeatured: products.isFeatured,
        inStock: products.inStock,
        hidden: products.hidden,
        image: firstImage,
      })
      .from(products)
      .where(where)
      .orderBy(desc(products.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  const total = totals?.n ?? 0;
  return { rows, pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) } };
}
