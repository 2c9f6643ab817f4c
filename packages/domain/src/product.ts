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
