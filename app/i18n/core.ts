import { useRouteError, useRouteLoaderData } from "react-router";
import { defaultLocale, isLocale, type Locale } from "../../lib/locale.ts";

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

export type Vars = Record<string, string | number>;
export type Translate<K extends string> = (key: K, vars?: Vars) => string;

function fill(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function translator<K extends string>(catalogue: Catalogue<K>, locale: Locale): Translate<K> {
  const messages = catalogue[locale] ?? catalogue.en;
  return (key, vars) => fill(messages[key] ?? catalogue.en[key], vars);
}

/** The visitor's language, chosen by the root loader. */
export function useLocale(): Locale {
  const data = useRouteLoaderData("root") as { locale?: unknown } | undefined;
  // A request refused before the root loader ran (429) carries its language with the error.
  const error = useRouteError() as { data?: { locale?: unknown } } | undefined;
  const locale = data?.locale ?? error?.data?.locale;
  return isLocale(locale) ? locale : defaultLocale;
}

export function useT<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  return translator(catalogue, useLocale());
}

/** The locale of a meta function's root match. */
export function metaLocale(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): Locale {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { locale?: unknown } | undefined;
  return isLocale(root?.locale) ? root.locale : defaultLocale;
}
