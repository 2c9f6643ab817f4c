import type { ProductTranslation } from "../schema.ts";

/** One hat of the starting catalogue; `photo` names its committed photos (hat-NN-1..3.webp). */
export type SeedProduct = {
  photo: `hat-${string}`;
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
  translations: { ru: Required<ProductTranslation> };
};
