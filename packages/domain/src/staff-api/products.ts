import { z } from "zod";
import { productSchema } from "../validation/product.ts";

/**
 * The staff console's products (`/api/admin/products…`): the list, one product as its form edits
 * it, and what the form sends. The body is the product form's own schema (validation/product.ts),
 * so the console and the API judge a field alike; its problems come back as codes by field path
 * (`price`, `sizes.2`, `images.0.key`).
 */

/** GET /api/admin/products?q&status&limit&page: one page, newest id first (admin-product-list.ts reads the query). */
export const productListAnswer = z.object({
  rows: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      priceCents: z.number().int(),
      isNew: z.boolean(),
      isFeatured: z.boolean(),
      inStock: z.boolean(),
      hidden: z.boolean(),
      /** The card photo's small size on the API's origin, or null for a product without photos. */
      thumbnailUrl: z.string().nullable(),
    }),
  ),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
});
export type ProductListAnswer = z.infer<typeof productListAnswer>;
export type ProductListRowAnswer = ProductListAnswer["rows"][number];

const text = z.string();

/** The form's fields as typed: English and Russian texts, the price as text, sizes as text rows, photos in order. */
const productFormValues = z.object({
  name: text,
  description: text,
  material: text,
  color: text,
  crownStyle: text,
  brimSize: text,
  nameRu: text,
  descriptionRu: text,
  materialRu: text,
  colorRu: text,
  crownStyleRu: text,
  brimSizeRu: text,
  price: text,
  isNew: z.boolean(),
  isFeatured: z.boolean(),
  inStock: z.boolean(),
  /** Made in the making stages after the order; false: a ready hat in stock. */
  madeToOrder: z.boolean(),
  sizes: z.array(text),
  images: z.array(z.object({ key: text, altEn: text, altRu: text })),
});
export type ProductFormValues = z.infer<typeof productFormValues>;

/** GET /api/admin/products/:id (and what every change answers): the product as its form shows it. */
export const productAnswer = z.object({
  id: z.number().int(),
  hidden: z.boolean(),
  /** Ordered at least once: it may be hidden, never deleted. */
  ordered: z.boolean(),
  updatedAt: z.string(),
  values: productFormValues,
  /** Each photo's small size on the API's origin, in the photos' order. */
  thumbnails: z.array(z.object({ key: z.string(), url: z.string() })),
});
export type ProductAnswer = z.infer<typeof productAnswer>;

/**
 * POST /api/admin/products: every field (validation/product.ts's productSchema, as PUT /:id takes
 * them) and the form's one-time nonce; 201 with the product, 200 with it for a form sent before.
 */
const newProductRequest = z.object({ nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "expired") });

/** POST /api/admin/products's whole body, as its route checks it and the OpenAPI document shows it: the form's fields and its nonce. */
export const newProductBody = z.intersection(productSchema, newProductRequest);
