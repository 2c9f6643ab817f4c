import type { Locale } from "@workshop/domain/locale.ts";

/**
 * A message catalogue of one area of the shop: English is the source, and every other language
 * must have exactly the same keys (the type checker refuses a missing one).
 * Catalogues live beside the routes that use them, so a page's bundle carries only its own texts.
 */
export type Catalogue<K extends string> = { en: Record<K, string> } & Record<Exclude<Locale, "en">, Record<K, string>>;

export function defineMessages<const E extends Record<string, string>>(
  en: E,
  others: Record<Exclude<Locale, "en">, Record<keyof E & string, string>>,
): Catalogue<keyof E & string> {
  return { en, ...others };
}

type Vars = Record<string, string | number>;
export type Translate<K extends string> = (key: K, vars?: Vars) => string;

function fill(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function translator<K extends string>(catalogue: Catalogue<K>, locale: Locale): Translate<K> {
  const messages = catalogue[locale] ?? catalogue.en;
  return (key, vars) => fill(messages[key] ?? catalogue.en[key], vars);
}
