import { z } from "zod";
import { PRODUCTS_PER_PAGE, sortOptions } from "../catalog-filter.ts";
import { deliveryOptionIds } from "../delivery.ts";

/**
 * The storefront's catalogue (`/api/shop/…`): products as the shop's pages show them, texts in the
 * language asked for (`?lang=ru`), money in US cents as the API computed it.
 */

const productImage = z.object({ key: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string().optional() });

/** One product as its page shows it (../product.ts ProductView). */
export const productViewAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  material: z.string(),
  color: z.string(),
  crownStyle: z.string(),
  brimSize: z.string(),
  sizes: z.array(z.number().int()),
  isNew: z.boolean(),
  isFeatured: z.boolean(),
  inStock: z.boolean(),
  images: z.array(productImage),
});

/**
 * When a hat made to order would come, ordered and paid today: its usual making time in the
 * workshop's working days (its making stages), the day it would be ready, and when it would
 * arrive by each delivery (or be ready for pickup). Days as 'Thu, Dec 17' in the language asked
 * for, Bali time.
 */
const productMakingAnswer = z.object({
  workingDays: z.number().int(),
  readyDay: z.string(),
  delivery: z.array(z.object({ id: z.enum(deliveryOptionIds), from: z.string(), to: z.string() })),
});
export type ProductMakingAnswer = z.infer<typeof productMakingAnswer>;

/**
 * GET /api/shop/products/:id?lang=: the product's page (404 for an unknown or hidden one); `making`
 * for a hat made to order that can be ordered now, null for a ready hat in stock or one sold out.
 */
export const productPageAnswer = z.object({ product: productViewAnswer, making: productMakingAnswer.nullable() });

/** A product in a grid (../product.ts ProductCardView): its first photo, name, price and badges. */
const productCardAnswer = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  priceCents: z.number().int().nonnegative(),
  isNew: z.boolean(),
  isFeatured: z.boolean(),
  inStock: z.boolean(),
  image: productImage.nullable(),
});

/** GET /api/shop/home?lang=: the home page's featured hats (featured and in stock; whole rows of 4 when there are 4 or more). */
export const homeAnswer = z.object({ featured: z.array(productCardAnswer).max(8) });

/** The list's filter as the API read it from the query (catalog-filter.ts); `page` is the page shown. */
const catalogFilterAnswer = z.object({
  size: z.number().int().nullable(),
  inStock: z.boolean(),
  outOfStock: z.boolean(),
  sort: z.enum(sortOptions),
  page: z.number().int().positive(),
});

/**
 * GET /api/shop/products?size&availability&sort&page&lang: one page of the product list, the query
 * read by the API's rules (decision 004: a malformed value is its default, a page past the end the
 * last page), with every size the catalogue has for the size buttons.
 */
export const productListAnswer = z.object({
  filter: catalogFilterAnswer,
  page: z.object({
    products: z.array(productCardAnswer).max(PRODUCTS_PER_PAGE),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    totalPages: z.number().int().nonnegative(),
    sizes: z.array(z.number().int()),
  }),
});

/** The query keys of the product list (catalog-filter.ts), the only ones the storefront passes on. */
export const productListKeys = ["size", "availability", "sort", "page"] as const;
