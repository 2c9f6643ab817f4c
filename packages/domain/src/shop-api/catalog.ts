import { z } from "zod";

/**
 * The storefront's catalogue (`/api/shop/…`): products as the shop's pages show them, texts in the
 * language asked for (`?lang=ru`), money in US cents as the API computed it.
 */

const productImage = z.object({ key: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string().optional() });

/** One product as its page shows it (domain/product.ts ProductView). */
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

/** GET /api/shop/products/:id?lang=: the product's page (404 for an unknown or hidden one). */
export const productPageAnswer = z.object({ product: productViewAnswer });
