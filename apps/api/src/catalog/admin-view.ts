import type { ProductListQuery } from "@workshop/domain/admin-product-list.ts";
import { imageUrl } from "@workshop/domain/images.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { parseProductId } from "@workshop/domain/product.ts";
import type { ProductAnswer, ProductListAnswer } from "@workshop/domain/staff-api/products.ts";
import { centsToPriceText, productTextFields } from "@workshop/domain/validation/product.ts";
import { AppError } from "#server/errors.ts";
import { productListPage } from "./admin-list.ts";
import { type EditableProduct, editableProduct } from "./product-changes.ts";

/** A photo's small size (320 px JPEG) at the shop's address (PUBLIC_URL/media/…), which the console's CSP allows. */
const thumbnailUrl = (key: string, origin: string) => new URL(imageUrl(key, 320, "jpg"), origin).href;

/** One page of the console's Products list, each row's name in the reader's language. */
export async function adminProductList(query: ProductListQuery, locale: Locale, origin: string): Promise<ProductListAnswer> {
  const { rows, pagination } = await productListPage(query, locale);
  return {
    rows: rows.map(({ image, ...row }) => ({ ...row, thumbnailUrl: image ? thumbnailUrl(image.key, origin) : null })),
    pagination,
  };
}

/** A product as its form shows it: every field as text, in both languages, its photos in order. */
export function adminProduct(p: EditableProduct, origin: string): ProductAnswer {
  const ru = p.translations.ru ?? {};
  const texts = Object.fromEntries(productTextFields.flatMap((f) => [[f, p[f]] as const, [`${f}Ru`, ru[f] ?? ""] as const]));
  return {
    id: p.id,
    hidden: p.hidden,
    ordered: p.ordered,
    updatedAt: new Date(p.updatedAt).toISOString(),
    values: {
      ...(texts as Record<(typeof productTextFields)[number] | `${(typeof productTextFields)[number]}Ru`, string>),
      price: centsToPriceText(p.priceCents),
      isNew: p.isNew,
      isFeatured: p.isFeatured,
      inStock: p.inStock,
      madeToOrder: p.madeToOrder,
      sizes: [...p.sizes].sort((a, b) => a - b).map(String),
      images: p.images.map((i) => ({ key: i.storageKey, altEn: i.altEn, altRu: i.altRu })),
    },
    thumbnails: p.images.map((i) => ({ key: i.storageKey, url: thumbnailUrl(i.storageKey, origin) })),
  };
}

/** The product of an address's id, or a 404 (a malformed id too). */
export async function requireProduct(idParam: string): Promise<EditableProduct> {
  const id = parseProductId(idParam);
  const product = id === null ? null : await editableProduct(id);
  if (!product) throw new AppError("not_found", "Product not found");
  return product;
}
