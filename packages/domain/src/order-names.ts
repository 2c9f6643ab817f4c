import { translator } from "./i18n/core.ts";
import { countryNames } from "./i18n/countries.ts";
import { deliveryTexts } from "./i18n/delivery.ts";
import type { Locale } from "./locale.ts";

/** An order's delivery option in the reader's words (LION_PARCEL → "Lion Parcel"); an unknown code as stored. */
export function deliveryOptionName(code: string, locale: Locale): string {
  const key = `${code}.name`;
  return Object.hasOwn(deliveryTexts.en, key) ? translator(deliveryTexts, locale)(key as keyof typeof deliveryTexts.en) : code;
}

/** An order's country (stored by its English name) in the reader's language; an unknown one as stored. */
export function countryName(country: string, locale: Locale): string {
  return Object.hasOwn(countryNames.en, country) ? translator(countryNames, locale)(country as keyof typeof countryNames.en) : country;
}
