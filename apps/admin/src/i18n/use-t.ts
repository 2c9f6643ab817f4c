import { type Catalogue, type Translate, translator } from "@workshop/domain/i18n/core.ts";
import { defaultLocale, isLocale, type Locale } from "@workshop/domain/locale.ts";
import type { SessionAnswer } from "@workshop/domain/staff-api.ts";
import { useEffect } from "react";
import { useRouteLoaderData, useSearchParams } from "react-router";

/**
 * The console's language: the signed-in person's choice (their account's), else on the sign-in
 * page `?lang=`, else the browser's first language if it is one the console speaks.
 */
export function useLocale(): Locale {
  const session = useRouteLoaderData("shell") as SessionAnswer | undefined;
  const [params] = useSearchParams();
  if (session) return session.staff.locale;
  const asked = params.get("lang");
  if (isLocale(asked)) return asked;
  const browser = typeof navigator === "undefined" ? "" : navigator.language.slice(0, 2);
  return isLocale(browser) ? browser : defaultLocale;
}

export function useT<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  return translator(catalogue, useLocale());
}

/** The page's language for screen readers, spelling and translation tools: the console's, on the document. */
export function useDocumentLanguage(): void {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
}
