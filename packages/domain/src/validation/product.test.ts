import { describe, expect, it } from "vitest";
import { centsToPriceText, productSchema, type RawProduct } from "./product.ts";

const raw: RawProduct = {
  name: "Sidemen Sun Hat",
  description: "A wide sun hat woven from palm leaf.",
  material: "Palm leaf",
  color: "Natural",
  crownStyle: "Round",
  brimSize: "12 cm",
  price: "185.50",
  sizes: ["57", "", "55"],
  images: [],
};
const input = (change: Partial<RawProduct> = {}) => productSchema.parse({ ...raw, ...change });

describe("the product form's schema", () => {
  it("keeps the price exactly in cents, drops empty size rows and sorts the sizes", () => {
    expect(input({ price: "0.29" }).priceCents).toBe(29);
    expect(input({ price: "1005.1" }).priceCents).toBe(100_510);
    expect(input({ price: "19,99" }).priceCents).toBe(1999);
    expect(input().sizes).toEqual([55, 57]);
    expect(input({ sizes: ["", " "] }).sizes).toEqual([]);
  });

  it("names each bad field: price, size rows, missing English texts, control characters", () => {
    const result = productSchema.safeParse({ ...raw, name: " ", price: "12.345", sizes: ["51", "58.5", "65", "60"], color: "red\u0000" });
    expect(result.success).toBe(false);
    const paths = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(paths).toMatchObject({
      name: "required",
      price: "price",
      "sizes.0": "size",
      "sizes.1": "size",
      "sizes.2": "size",
      color: "characters",
    });
    expect(paths["sizes.3"]).toBeUndefined();
    for (const price of ["0", "0.00", "-1", "1e3", "abc", "", "1000000"])
      expect(productSchema.safeParse({ ...raw, price }).success, price).toBe(false);
  });

  it("keeps only the Russian texts given, drops photos without a key, and shows cents as the price field does", () => {
    const parsed = input({ nameRu: " Шляпа ", colorRu: "", images: [{ key: "" }, { key: "1795000000000-a.png", altEn: " Front " }] });
    expect(parsed.russian).toEqual({ name: "Шляпа" });
    expect(parsed.images).toEqual([{ key: "1795000000000-a.png", altEn: "Front", altRu: "" }]);
    expect(productSchema.safeParse({ ...raw, images: [{ key: "../secret" }] }).success).toBe(false);
    expect([0, 7, 18_550, 100].map(centsToPriceText)).toEqual(["0.00", "0.07", "185.50", "1.00"]);
  });
});
