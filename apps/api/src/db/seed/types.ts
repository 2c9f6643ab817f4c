import type { ProductTranslation, products } from "#server/db/schema.ts";

type ProductFields = Required<
  Pick<
    typeof products.$inferInsert,
    "name" | "description" | "priceCents" | "material" | "color" | "crownStyle" | "brimSize" | "sizes" | "isNew" | "isFeatured" | "inStock"
  >
>;

/** One hat of the starting catalogue; `photo` names its committed photos (hat-NN-1..3.webp). */
export type SeedProduct = ProductFields & {
  photo: `hat-${string}`;
  translations: { ru: Required<ProductTranslation> };
};
