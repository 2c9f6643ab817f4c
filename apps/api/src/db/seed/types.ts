import type { Insertable } from "kysely";
import type { Database, ProductTranslation } from "#server/db/types.ts";

type ProductFields = Required<
  Pick<
    Insertable<Database["products"]>,
    "name" | "description" | "priceCents" | "material" | "color" | "crownStyle" | "brimSize" | "sizes" | "isNew" | "isFeatured" | "inStock"
  >
>;

/** One hat of the starting catalogue; `photo` names its committed photos (hat-NN-1..3.webp). */
export type SeedProduct = ProductFields & {
  photo: `hat-${string}`;
  translations: { ru: Required<ProductTranslation> };
};
