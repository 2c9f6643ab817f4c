/** A product as pages show it: texts already in the visitor's language, money in cents. */
/** A stored photo; `alt` says what it shows in the visitor's language, when staff wrote it. */
export type ProductImage = { key: string; width: number; height: number; alt?: string };

export type ProductView = {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  material: string;
  color: string;
  crownStyle: string;
  brimSize: string;
  sizes: number[];
  isNew: boolean;
  isFeatured: boolean;
  inStock: boolean;
  images: ProductImage[];
};

/** The summary a product card needs. */
export type ProductCardView = Pick<ProductView, "id" | "name" | "priceCents" | "isNew" | "isFeatured" | "inStock"> & {
  image: ProductImage | null;
};

/** Parses a product id from a URL segment; anything but a plain positive integer is no id. */
export function parseProductId(text: string | undefined): number | null {
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}
