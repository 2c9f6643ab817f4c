import { type ProductError, productErrorTexts, productFieldErrors, productTextFields } from "@workshop/domain/validation/product.ts";
import type { z } from "zod";
import { AppError } from "#server/errors.ts";
import type { BodyCheck } from "#server/plugins/json-api.ts";
import type { EditableProduct } from "./product-changes.ts";
import { photoKeyOf, type StoredPhoto } from "./product-photos.ts";
import { type ApiProduct, toApiProduct } from "./spec-view.ts";

/** A key no photo has: a photo the API body names on another host is refused by the schema. */
const REFUSED = "!";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A number as the text the form would send ('185.5'); the schema reads it exactly, never through a float. */
const numberText = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value);

/**
 * The body of POST /api/products or PUT /api/products/<id> (SPEC 3: price in USD, sizes as
 * {sizeInCm}, images as addresses or storage keys; optional `translations.ru` texts and, per
 * photo, `imageAlts` [{en, ru}]) as the admin form's fields, its photo addresses resolved to the
 * product's own photos (`current`) or uploads in storage; anything but an object is left as sent,
 * for the check (specProductCheck) to refuse.
 */
export async function productFieldsOf(body: unknown, shopOrigin: string, current: readonly StoredPhoto[]): Promise<unknown> {
  if (!isRecord(body)) return body;
  const ru = isRecord(body.translations) && isRecord(body.translations.ru) ? body.translations.ru : {};
  const alts = Array.isArray(body.imageAlts) ? body.imageAlts : [];
  const images = Array.isArray(body.images) ? body.images.slice(0, 64) : null;
  const keys = images
    ? await Promise.all(
        images.map(async (image) => (typeof image === "string" ? await photoKeyOf(image.trim(), shopOrigin, current) : null)),
      )
    : [];
  return {
    ...Object.fromEntries(productTextFields.flatMap((f) => [[f, body[f]] as const, [`${f}Ru`, ru[f] ?? ""] as const])),
    price: numberText(body.price),
    isNew: body.isNew ?? false,
    isFeatured: body.isFeatured ?? false,
    inStock: body.inStock ?? true,
    sizes: Array.isArray(body.sizes) ? body.sizes.map((s) => numberText(isRecord(s) ? s.sizeInCm : s)) : body.sizes,
    images: images
      ? keys.map((key, i) => {
          const alt = isRecord(alts[i]) ? alts[i] : {};
          return { key: key ?? REFUSED, altEn: alt.en ?? "", altRu: alt.ru ?? "" };
        })
      : body.images,
  };
}

/**
 * How the routes check a SPEC 3 product, read as the form's fields (productFieldsOf) by the form's
 * schema: no body or one that is not JSON is a 400 "The body must be JSON", one that is no object
 * "The body must be a JSON product", else every field's problem in English in `details`. The
 * OpenAPI document has never shown these bodies.
 */
export const specProductCheck: BodyCheck = { read: "as sent", json: "required", documented: null, refusal: specProductRefusal };

/** The 400 of a SPEC 3 product the form's schema refuses (`fields`: the body as productFieldsOf read it). */
export function specProductRefusal(error: z.ZodError, fields: unknown): AppError {
  if (!isRecord(fields)) return new AppError("invalid", "The body must be a JSON product");
  const details = Object.fromEntries(Object.entries(productFieldErrors(error)).map(([field, code]) => [field, productErrorTexts[code]]));
  return new AppError("invalid", "The product has fields to correct", details);
}

/** A product as the API answers it (English, SPEC 3), with its Russian texts and photo alt texts. */
export function apiProductOf(
  p: EditableProduct,
  origin: string,
): ApiProduct & { hidden: boolean; translations: { ru: Record<string, string> }; imageAlts: { en: string; ru: string }[] } {
  const view = {
    ...p,
    sizes: [...p.sizes].sort((a, b) => a - b),
    images: p.images.map((i) => ({ key: i.storageKey, width: i.width, height: i.height })),
  };
  return {
    ...toApiProduct(view, origin),
    hidden: p.hidden,
    translations: { ru: { ...(p.translations.ru ?? {}) } },
    imageAlts: p.images.map((i) => ({ en: i.altEn, ru: i.altRu })),
  };
}

/** A refused photo's problem in English, as the API says every field's problem. */
export function inEnglish(error: unknown): unknown {
  if (!(error instanceof AppError) || typeof error.details !== "object" || error.details === null) return error;
  const details = Object.fromEntries(
    Object.entries(error.details).map(([field, code]) => [field, productErrorTexts[code as ProductError] ?? code]),
  );
  return new AppError(error.kind, error.message, details);
}
