import type { ProductListQuery, ProductStatusFilter } from "@workshop/domain/admin-product-list.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import type { ProductImage } from "@workshop/domain/product.ts";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import type { Database } from "#server/db/types.ts";

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

const statusCondition: Record<ProductStatusFilter, ["inStock" | "isNew" | "isFeatured" | "hidden", boolean]> = {
  "in-stock": ["inStock", true],
  "sold-out": ["inStock", false],
  new: ["isNew", true],
  featured: ["isFeatured", true],
  hidden: ["hidden", true],
  shown: ["hidden", false],
};

/** The list's filter, or undefined when it shows every product. */
function listCondition(query: ProductListQuery): ((eb: ExpressionBuilder<Database, "products">) => Expression<SqlBool>) | undefined {
  const { status, q } = query;
  if (!status && !q) return undefined;
  return (eb) => {
    const parts: Expression<SqlBool>[] = [];
    if (status) {
      const [column, value] = statusCondition[status];
      parts.push(eb(`products.${column}`, "=", value));
    }
    if (q) {
      // The id itself, or a piece of the English or Russian name (any case).
      const like = `%${escapeLike(q.toLowerCase())}%`;
      const byName = sql<SqlBool>`(lower(products.name) like ${like} escape '\\' or lower(coalesce(products.translations->'ru'->>'name', '')) like ${like} escape '\\')`;
      parts.push(/^\d{1,9}$/.test(q) ? sql<SqlBool>`(products.id = ${Number(q)} or ${byName})` : byName);
    }
    return eb.and(parts);
  };
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
  const [rows, totals] = await Promise.all([
    db
      .selectFrom("products")
      .select((eb) => [
        "products.id",
        // The name in the reader's language (the English one where there is no Russian one).
        locale === "ru"
          ? sql<string>`coalesce(nullif(products.translations->'ru'->>'name', ''), products.name)`.as("name")
          : eb.ref("products.name").as("name"),
        "products.priceCents",
        "products.isNew",
        "products.isFeatured",
        "products.inStock",
        "products.hidden",
        firstImage.as("image"),
      ])
      .$if(where !== undefined, (qb) => qb.where(where!))
      .orderBy("products.id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .$if(where !== undefined, (qb) => qb.where(where!))
      .executeTakeFirst(),
  ]);
  const total = totals?.n ?? 0;
  return { rows, pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) } };
}
