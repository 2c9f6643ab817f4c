import { z } from "zod";
import { plainText } from "./fields.ts";

/**
 * The product form of the admin and the body of POST/PUT /api/products (SPEC 3 and 5): one schema
 * for the browser's hints and the server's check. English texts are required, Russian ones
 * optional (the shop shows the English text where a Russian one is empty).
 */
export const MIN_SIZE_CM = 52;
export const MAX_SIZE_CM = 64;
const MAX_SIZES = 13;
const MAX_IMAGES = 20;
const MAX_PRICE_CENTS = 99_999_999;
export const textLimits = { name: 120, description: 5000, material: 200, color: 200, crownStyle: 200, brimSize: 200, alt: 300 } as const;

export const productTextFields = ["name", "description", "material", "color", "crownStyle", "brimSize"] as const;
export type ProductTextField = (typeof productTextFields)[number];

/** What a field's problem is; the form says it in the reader's language, the API in English. */
export const productErrors = {
  required: "required",
  tooLong: "tooLong",
  characters: "characters",
  price: "price",
  size: "size",
  image: "image",
  tooMany: "tooMany",
} as const;
export type ProductError = (typeof productErrors)[keyof typeof productErrors];

export const productErrorTexts: Record<ProductError, string> = {
  required: "This field is required",
  tooLong: "This text is too long",
  characters: "This text contains characters that cannot be saved",
  price: "Enter a price in USD above 0, with at most two decimals (e.g. 185 or 185.50)",
  size: `A size is a whole number of centimetres from ${MIN_SIZE_CM} to ${MAX_SIZE_CM}`,
  image: "This photo is not one of the shop's uploaded photos",
  tooMany: "Too many entries",
};

const english = (max: number) => plainText().trim().min(1, { error: productErrors.required }).max(max, { error: productErrors.tooLong });
const russian = (max: number) => plainText().trim().max(max, { error: productErrors.tooLong }).optional().default("");

/**
 * A price as typed: digits with at most two decimals ('185', '185.5', '185,50'), read into cents
 * from the text itself, never through a float. A hat is never free: 0 is refused (a price left at
 * 0 by mistake would sell the hat for nothing).
 */
function priceToCents(text: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 && cents <= MAX_PRICE_CENTS ? cents : null;
}

/** Cents as the price field shows them: '185.00'. */
export function centsToPriceText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** A storage key as the shop writes them: safe path segments (the API's isSafeKey, apps/api/src/media/storage-types.ts, checks again). */
const storageKey = z
  .string()
  .max(950, { error: productErrors.image })
  .regex(/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i, { error: productErrors.image })
  .refine((key) => !key.includes(".."), { error: productErrors.image });

const imageSchema = z.object({
  key: storageKey,
  altEn: plainText().trim().max(textLimits.alt, { error: productErrors.tooLong }),
  altRu: plainText().trim().max(textLimits.alt, { error: productErrors.tooLong }),
});

const sizeSchema = z
  .string({ error: productErrors.size })
  .trim()
  .regex(/^\d{1,3}$/, { error: productErrors.size })
  .transform(Number)
  .refine((n) => n >= MIN_SIZE_CM && n <= MAX_SIZE_CM, { error: productErrors.size });

/**
 * The raw product as the form (or the API, translated to it) sends it: texts, the price as text,
 * size rows as text, photos as storage keys with their alt texts. Empty size rows and photos
 * without a key are dropped before the check (SPEC 5).
 */
export const productSchema = z
  .object({
    name: english(textLimits.name),
    description: english(textLimits.description),
    material: english(textLimits.material),
    color: english(textLimits.color),
    crownStyle: english(textLimits.crownStyle),
    brimSize: english(textLimits.brimSize),
    nameRu: russian(textLimits.name),
    descriptionRu: russian(textLimits.description),
    materialRu: russian(textLimits.material),
    colorRu: russian(textLimits.color),
    crownStyleRu: russian(textLimits.crownStyle),
    brimSizeRu: russian(textLimits.brimSize),
    price: z.string({ error: productErrors.price }).transform((text, ctx) => {
      const cents = priceToCents(text);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: productErrors.price });
        return z.NEVER;
      }
      return cents;
    }),
    isNew: z.boolean().default(false),
    isFeatured: z.boolean().default(false),
    inStock: z.boolean().default(true),
    /**
     * Woven after the order, through the making stages (true), or a ready hat in stock shipped as it
     * is (false). The console's form sends it; left out (as the SPEC's API always does), a new
     * product is made to order and a saved one keeps what it was.
     */
    madeToOrder: z.boolean().optional(),
    sizes: z
      .array(z.string({ error: productErrors.size }))
      .max(64, { error: productErrors.tooMany })
      .default([])
      .transform((rows) => rows.filter((row) => row.trim() !== ""))
      .pipe(z.array(sizeSchema).max(MAX_SIZES, { error: productErrors.tooMany })),
    images: z
      .array(z.object({ key: z.string({ error: productErrors.image }), altEn: z.string().default(""), altRu: z.string().default("") }))
      .max(64, { error: productErrors.tooMany })
      .default([])
      .transform((rows) => rows.filter((row) => row.key.trim() !== "").map((row) => ({ ...row, key: row.key.trim() })))
      .pipe(z.array(imageSchema).max(MAX_IMAGES, { error: productErrors.tooMany })),
  })
  .transform(({ price, sizes, nameRu, descriptionRu, materialRu, colorRu, crownStyleRu, brimSizeRu, ...rest }) => {
    const ru = {
      name: nameRu,
      description: descriptionRu,
      material: materialRu,
      color: colorRu,
      crownStyle: crownStyleRu,
      brimSize: brimSizeRu,
    };
    return {
      ...rest,
      priceCents: price,
      sizes: [...new Set(sizes)].sort((a, b) => a - b),
      // Only the Russian texts that are there: the shop falls back to English for the others.
      russian: Object.fromEntries(Object.entries(ru).filter(([, text]) => text !== "")) as Partial<Record<ProductTextField, string>>,
    };
  });

export type ProductInput = z.output<typeof productSchema>;
export type RawProduct = z.input<typeof productSchema>;

/** The first problem of each field, by its path: 'price', 'sizes.2', 'images.0.altRu'. */
export function productFieldErrors(error: z.ZodError): Record<string, ProductError> {
  const result: Record<string, ProductError> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "form";
    const known = (Object.values(productErrors) as string[]).includes(issue.message);
    result[path] ??= known ? (issue.message as ProductError) : productErrors.required;
  }
  return result;
}
