import { imageUrl } from "#lib/images.ts";
import { centsToUsd } from "#lib/money.ts";
import type { ProductView } from "#lib/product.ts";

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
