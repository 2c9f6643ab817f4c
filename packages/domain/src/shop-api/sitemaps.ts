import { z } from "zod";
import { locales } from "../locale.ts";

/**
 * What the storefront's sitemap files list (`/api/shop/sitemaps…`): the products the shop shows, by
 * id, with the day each last changed. The storefront writes the XML itself, with its own public
 * address and its own page paths.
 */

/** A day, as a sitemap's <lastmod> gives it. */
const day = z.iso.date();

/** How many products one file lists: 50,000 URLs a file (sitemaps.org), each product in both languages. */
export const SITEMAP_PRODUCTS_PER_FILE = 50_000 / locales.length;

/** GET /api/shop/sitemaps: the products' files, numbered from 1, with the newest change in each. */
export const sitemapIndexAnswer = z.object({
  productFiles: z.array(z.object({ file: z.number().int().positive(), lastmod: day })),
});

/** GET /api/shop/sitemaps/products/:file: that file's products in id order (404 past the last file; the first is always there). */
export const sitemapProductsAnswer = z.object({
  products: z.array(z.object({ id: z.number().int().positive(), lastmod: day })).max(SITEMAP_PRODUCTS_PER_FILE),
});

/** The file's number in GET /api/shop/sitemaps/products/:file: 1 to 999,999 (anything else is a 400). */
export const sitemapFileParams = z.object({
  file: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: "must be a file number from 1" })
    .transform(Number),
});
