import { z } from "zod";

/**
 * The catalogue of the older JSON API (SPEC sections 3 and 7: `/api/products…`): a product with its
 * price in US dollars, its photos as full addresses and its sizes as objects.
 */

/** A product as `GET /api/products` and `GET /api/products/:id` answer it (texts in the language asked for). */
export const apiProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  /** US dollars, e.g. 89.5. */
  price: z.number(),
  /** Full addresses of the photos (1280 px JPEG); the first is the card's. */
  images: z.array(z.string()),
  isNew: z.boolean(),
  isFeatured: z.boolean(),
  inStock: z.boolean(),
  description: z.string(),
  material: z.string(),
  color: z.string(),
  crownStyle: z.string(),
  brimSize: z.string(),
  sizes: z.array(z.object({ sizeInCm: z.number() })),
});

/** GET /api/products: the shop's products in id order, one page of them (`page`, `limit`). */
export const apiProductList = z.array(apiProduct);

/**
 * What `POST /api/products` (201) and `PUT /api/products/:id` (200) answer staff: the product in
 * English, with whether it is hidden, its Russian texts and each photo's descriptions.
 */
export const apiSavedProduct = apiProduct.extend({
  hidden: z.boolean(),
  /** The Russian texts staff wrote, by field (name, description, material, …). */
  translations: z.object({ ru: z.record(z.string(), z.string()) }),
  /** What each photo shows, in the order of `images`. */
  imageAlts: z.array(z.object({ en: z.string(), ru: z.string() })),
});
