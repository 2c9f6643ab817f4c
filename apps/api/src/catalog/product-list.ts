import type { CatalogFilter } from "@workshop/domain/catalog-filter.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import type { ProductCardView } from "@workshop/domain/product.ts";
import { sql } from "kysely";
import { getDb } from "#server/db/client.ts";
import { readListColumns } from "./list-columns.ts";
import { buildListIndex, idAt, listSlice } from "./list-index.ts";
import { localImage, type StoredImage, translationOf, visible } from "./products.ts";
import { keptByKeyUntilChange, keptUntilChange } from "./read-cache.ts";

export type ProductPage = {
  products: ProductCardView[];
  total: number;
  page: number;
  totalPages: number;
  /** Every distinct size in the catalogue, for the size buttons. */
  sizes: number[];
};

/** The list's orderings (list-index.ts), made again after each change of the catalogue. */
const listIndex = keptUntilChange(async () => buildListIndex(await readListColumns()));

/** One page of the product list for a filter; a page past the end shows the last page. */
export async function listProducts(filter: CatalogFilter, locale: Locale): Promise<ProductPage> {
  const index = await listIndex();
  const { ids, ...place } = listSlice(index, filter);
  return { products: await cardsOf(ids, locale), ...place, sizes: index.sizes };
}

/** The id at `position` (from 0) among the products the shop shows in id order; undefined past the end. */
export async function productIdAt(position: number): Promise<number | undefined> {
  return idAt(await listIndex(), position);
}

/** Every distinct size of the products the shop shows, ascending. */
export async function distinctSizes(): Promise<number[]> {
  return (await listIndex()).sizes;
}

/** Cards kept per language: those of a 20,000-product catalogue in both, about 20 MB. */
const CARDS_KEPT = 50_000;
const keptCards = new Map<Locale, (ids: readonly number[]) => Promise<(ProductCardView | undefined)[]>>();

/** Cards of the given products in that order: those not kept yet read in one statement. */
async function cardsOf(ids: number[], locale: Locale): Promise<ProductCardView[]> {
  let cards = keptCards.get(locale);
  if (!cards) {
    cards = keptByKeyUntilChange(CARDS_KEPT, (missing: number[]) => readCards(missing, locale));
    keptCards.set(locale, cards);
  }
  // One hidden since the ordering was made is left out.
  return (await cards(ids)).filter((card) => card !== undefined);
}

// A product's first photo in gallery order, as JSON within its row (null without one).
const firstImageJson = sql<StoredImage | null>`(
  select json_build_object('key', i.storage_key, 'width', i.width, 'height', i.height, 'altEn', i.alt_en, 'altRu', i.alt_ru)
  from product_images i where i.product_id = "products"."id" order by i.position limit 1)`;

/** Only the columns a card shows: PGlite hands over the whole row at about twice the cost. */
async function readCards(ids: number[], locale: Locale): Promise<Map<number, ProductCardView>> {
  const db = await getDb();
  const rows = await db
    .selectFrom("products")
    .select(["id", "name", "translations", "priceCents", "isNew", "isFeatured", "inStock"])
    .select(firstImageJson.as("image"))
    .where((eb) => eb.and([eb("id", "in", ids), visible(eb)]))
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: translationOf(row, locale)?.name || row.name,
        priceCents: row.priceCents,
        isNew: row.isNew,
        isFeatured: row.isFeatured,
        inStock: row.inStock,
        image: row.image ? localImage(row.image, locale) : null,
      },
    ]),
  );
}
