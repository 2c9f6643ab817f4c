import { createHash } from "node:crypto";
import { imageUrl } from "@workshop/domain/images.ts";
import { isLocale, type Locale } from "@workshop/domain/locale.ts";
import { centsToUsd } from "@workshop/domain/money.ts";
import type { ProductView } from "@workshop/domain/product.ts";
import { AppError } from "#server/errors.ts";
import { productIdAt } from "./product-list.ts";
import { productCount, productsById } from "./products.ts";
import { cachedRead } from "./read-cache.ts";

/** The Product of the JSON API (SPEC section 3): price in USD, images as URLs, sizes as objects. */
export type ApiProduct = {
  id: number;
  name: string;
  price: number;
  images: string[];
  isNew: boolean;
  isFeatured: boolean;
  inStock: boolean;
  description: string;
  material: string;
  color: string;
  crownStyle: string;
  brimSize: string;
  sizes: { sizeInCm: number }[];
};

export function toApiProduct(p: ProductView, origin: string): ApiProduct {
  return {
    id: p.id,
    name: p.name,
    price: centsToUsd(p.priceCents),
    images: p.images.map((i) => origin + imageUrl(i.key, 1280, "jpg")),
    isNew: p.isNew,
    isFeatured: p.isFeatured,
    inStock: p.inStock,
    description: p.description,
    material: p.material,
    color: p.color,
    crownStyle: p.crownStyle,
    brimSize: p.brimSize,
    sizes: p.sizes.map((sizeInCm) => ({ sizeInCm })),
  };
}

/** Most products one answer of GET /api/products carries (also its default). */
export const API_PAGE_LIMIT = 100;

export type ApiProductQuery = { page: number; limit: number; locale: Locale };

/**
 * The query of GET /api/products: `page` (from 1) and `limit` (1 to 100, default 100), both
 * optional; `lang=ru` for Russian texts. Anything else in them is a 400 that says what is wrong.
 */
export function apiProductQuery(params: URLSearchParams): ApiProductQuery {
  const number = (name: string, fallback: number, max: number) => {
    const text = params.get(name);
    if (text === null || text === "") return fallback;
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max) {
      throw new AppError("invalid", `${name} must be a whole number from 1 to ${max.toLocaleString("en")}`, { [name]: text.slice(0, 20) });
    }
    return Number(text);
  };
  const lang = params.get("lang");
  return {
    page: number("page", 1, 1_000_000),
    limit: number("limit", API_PAGE_LIMIT, API_PAGE_LIMIT),
    locale: isLocale(lang) ? lang : "en",
  };
}

export type ApiProductPage = { products: ApiProduct[]; total: number; body: string; etag: string };

/**
 * One page of GET /api/products in id order: the whole catalogue in one answer while it has at
 * most 100 products (the SPEC's array), then 100 at a time. The body and its ETag are made once
 * per page and language for as long as catalogue reads are kept.
 */
export function apiProductPage(query: ApiProductQuery, origin: string): Promise<ApiProductPage> {
  return cachedRead(`api:${query.locale}:${query.page}:${query.limit}:${origin}`, async () => {
    // The page starts at the id the list's orderings put at its place (no OFFSET over the rows before it).
    const from = await productIdAt((query.page - 1) * query.limit);
    const [total, views] = await Promise.all([productCount(), from === undefined ? [] : productsById(from, query.limit, query.locale)]);
    const products = views.map((p) => toApiProduct(p, origin));
    const body = JSON.stringify(products);
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    return { products, total, body, etag };
  });
}

/** Whether a request's If-None-Match names this ETag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}
