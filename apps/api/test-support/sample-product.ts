import type { RawProduct } from "@workshop/domain/validation/product.ts";

/** A product as the staff's form sends it: every field filled, one empty size row that saving drops. */
export const sampleProduct: RawProduct = {
  name: "Sidemen Sun Hat",
  description: "A wide sun hat woven from palm leaf.",
  material: "Palm leaf",
  color: "Natural",
  crownStyle: "Round",
  brimSize: "12 cm",
  price: "185.50",
  isNew: true,
  isFeatured: false,
  inStock: true,
  sizes: ["57", "", "55"],
  images: [],
};
