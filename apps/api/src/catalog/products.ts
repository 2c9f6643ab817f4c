import type { Locale } from "@workshop/domain/locale.ts";
import type { ProductCardView, ProductImage, ProductView } from "@workshop/domain/product.ts";
import { type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import type { Database, Row } from "#server/db/types.ts";
import { cachedRead } from "./read-cache.ts";

type ProductRow = Row<"products">;
type Products = ExpressionBuilder<Database, "products">;

/** What the shop shows: every product that staff have not hidden (a hidden one stays for its orders). */
export const visible = (eb: Products) => eb("products.hidden", "=", false);

/** A product's texts in the visitor's language, if it has them (English is the row's own). */
export const translationOf = (row: Pick<ProductRow, "translations">, locale: Locale) =>
  locale === "en" ? undefined : row.translations[locale];

function localize(row: ProductRow, locale: Locale) {
  const t = translationOf(row, locale);
  return {
    name: t?.name || row.name,
    description: t?.description || row.description,
    material: t?.material || row.material,
    color: t?.color || row.color,
    crownStyle: t?.crownStyle || row.crownStyle,
    brimSize: t?.brimSize || row.brimSize,
  };
}

/** A stored photo with both alt texts, as read from the database. */
export type StoredImage = ProductImage & { altEn?: string; altRu?: string };

/** The photo in the visitor's language: the Russian alt text, else the English one. */
export function localImage({ altEn, altRu, ...image }: StoredImage, locale: Locale): ProductImage {
  const alt = (locale === "ru" && altRu) || altEn;
  return alt ? { ...image, alt } : image;
}

function toView(row: ProductRow, stored: StoredImage[], locale: Locale): ProductView {
  const images = stored.map((image) => localImage(image, locale));
  return {
    id: row.id,
    ...localize(row, locale),
    priceCents: row.priceCents,
    sizes: [...row.sizes].sort((a, b) => a - b),
    isNew: row.isNew,
    isFeatured: row.isFeatured,
    inStock: row.inStock,
    images,
  };
}

function toCard(view: ProductView): ProductCardView {
  const { id, name, priceCents, isNew, isFeatured, inStock } = view;
  return { id, name, priceCents, isNew, isFeatured, inStock, image: view.images[0] ?? null };
}

/** Images of the given products, in gallery order, grouped by product id. */
async function imagesOf(productIds: number[], firstOnly = false): Promise<Map<number, StoredImage[]>> {
  const byProduct = new Map<number, StoredImage[]>();
  if (productIds.length === 0) return byProduct;
  const db = await getDb();
  const rows = await db
    .selectFrom("productImages")
    .selectAll()
    .where((eb) =>
      firstOnly
        ? eb.and([
            eb("productId", "in", productIds),
            sql<SqlBool>`product_images.position = (select min(p2.position) from product_images p2 where p2.product_id = product_images.product_id)`,
          ])
        : eb("productId", "in", productIds),
    )
    .orderBy("productId")
    .orderBy("position")
    .execute();
  for (const r of rows) {
    const list = byProduct.get(r.productId) ?? [];
    list.push({ key: r.storageKey, width: r.width, height: r.height, altEn: r.altEn, altRu: r.altRu });
    byProduct.set(r.productId, list);
  }
  return byProduct;
}

async function withImages(rows: ProductRow[], locale: Locale, firstOnly = false): Promise<ProductView[]> {
  const images = await imagesOf(
    rows.map((r) => r.id),
    firstOnly,
  );
  return rows.map((r) => toView(r, images.get(r.id) ?? [], locale));
}

/** Products both featured and in stock, for the home page: whole rows of 4 when there are 4 or more. */
export function featuredProducts(locale: Locale, limit = 8): Promise<ProductCardView[]> {
  return cachedRead(`featured:${locale}:${limit}`, () => readFeatured(locale, limit));
}

async function readFeatured(locale: Locale, limit: number): Promise<ProductCardView[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("products")
    .selectAll()
    .where((eb) => eb.and([eb("isFeatured", "=", true), eb("inStock", "=", true), visible(eb)]))
    .orderBy("id")
    .limit(limit)
    .execute();
  const whole = rows.length >= 4 ? rows.length - (rows.length % 4) : rows.length;
  return (await withImages(rows.slice(0, whole), locale, true)).map(toCard);
}

/** A product as its page shows it, with whether it is made to order (its page then says when it would come). */
export type ShownProduct = { product: ProductView; madeToOrder: boolean };

/** A product for its page (may be a few seconds old; see read-cache.ts). */
export function shownProduct(id: number, locale: Locale): Promise<ShownProduct | null> {
  return cachedRead(`product:${locale}:${id}`, async () => (await readShownProducts([id], locale)).get(id) ?? null);
}

/** A product for display (may be a few seconds old; see read-cache.ts). */
export async function getProduct(id: number, locale: Locale): Promise<ProductView | null> {
  return (await shownProduct(id, locale))?.product ?? null;
}

/** A product read from the database now: for anything that takes money or stock into account. */
export async function readProduct(id: number, locale: Locale): Promise<ProductView | null> {
  return (await readProducts([id], locale)).get(id) ?? null;
}

// A product's images in gallery order, as JSON within its row: one statement instead of two.
// (Spelled out in full: inside the subquery a bare "id" would be the image's.)
const imagesJson = sql<StoredImage[]>`coalesce((
  select json_agg(json_build_object('key', i.storage_key, 'width', i.width, 'height', i.height, 'altEn', i.alt_en, 'altRu', i.alt_ru) order by i.position)
  from product_images i where i.product_id = "products"."id"), '[]'::json)`;

/**
 * Products read from the database now, by id, with their images (one statement for any number).
 * A hidden product is not among them: it can no longer be ordered.
 */
export async function readProducts(ids: readonly number[], locale: Locale): Promise<Map<number, ProductView>> {
  const shown = await readShownProducts(ids, locale);
  return new Map([...shown].map(([id, { product }]) => [id, product]));
}

async function readShownProducts(ids: readonly number[], locale: Locale): Promise<Map<number, ShownProduct>> {
  const shown = new Map<number, ShownProduct>();
  if (ids.length === 0) return shown;
  const db = await getDb();
  const rows = await db
    .selectFrom("products")
    .selectAll("products")
    .select(imagesJson.as("images"))
    .where((eb) => eb.and([eb("id", "in", [...new Set(ids)]), visible(eb)]))
    .execute();
  for (const { images, ...row } of rows) shown.set(row.id, { product: toView(row, images, locale), madeToOrder: row.madeToOrder });
  return shown;
}

/** How many products the shop shows (may be a few seconds old). */
export function productCount(): Promise<number> {
  return cachedRead("count", async () => {
    const db = await getDb();
    const row = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(visible)
      .executeTakeFirst();
    return row?.n ?? 0;
  });
}

/**
 * Products the shop shows in id order from id `fromId` on, `limit` of them, with every image (one
 * statement reading those rows alone: a deep page costs what the first does).
 */
export function productsById(fromId: number, limit: number, locale: Locale): Promise<ProductView[]> {
  return cachedRead(`by-id:${locale}:${fromId}:${limit}`, async () => {
    const db = await getDb();
    const rows = await db
      .selectFrom("products")
      .selectAll("products")
      .select(imagesJson.as("images"))
      .where((eb) => eb.and([eb("products.id", ">=", fromId), visible(eb)]))
      .orderBy("products.id")
      .limit(limit)
      .execute();
    return rows.map(({ images, ...product }) => toView(product, images, locale));
  });
}

export function allProducts(locale: Locale): Promise<ProductView[]> {
  return cachedRead(`all:${locale}`, () => readAll(locale));
}

async function readAll(locale: Locale): Promise<ProductView[]> {
  const db = await getDb();
  const rows = await db.selectFrom("products").selectAll().where(visible).orderBy("id").execute();
  return withImages(rows, locale);
}
