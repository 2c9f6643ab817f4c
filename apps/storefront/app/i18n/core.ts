import { defaultLocale, isLocale, type Locale } from "@workshop/domain/locale.ts";
import { useRouteError, useRouteLoaderData } from "react-router";

// The catalogue helpers are shared with the API's e-mails (apps/api/src/mail/i18n) and the console, so they live in @workshop/domain.
export { type Catalogue, defineMessages, type Translate, translator } from "@workshop/domain/i18n/core.ts";

import { type Catalogue, type Translate, translator } from "@workshop/domain/i18n/core.ts";

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
