export const locales = ["en", "ru"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * Russian pages live under /ru/, English ones at the root: the URL alone says a page's language,
 * so each language has addresses of its own that search engines can index.
 */
const RU_PREFIX = "/ru";

/** The language of a path ('/ru', '/ru/…', and their '.data' requests are Russian). */
export function pathLocale(pathname: string): Locale {
  return pathname === RU_PREFIX || pathname.startsWith(`${RU_PREFIX}/`) || pathname === `${RU_PREFIX}.data` ? "ru" : "en";
}

/** The path without its language prefix: '/ru/products/5' → '/products/5', '/ru' → '/'. */
export function unlocalizedPath(path: string): string {
  if (pathLocale(path.split(/[?#]/)[0]!) === "en") return path;
  const rest = path.slice(RU_PREFIX.length);
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest;
}

/** A path of this site in a language: ('ru', '/products?page=2') → '/ru/products?page=2'. Other URLs stay. */
export function localePath(locale: Locale, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const bare = unlocalizedPath(path);
  if (locale === "en") return bare;
  return bare === "/" || bare.startsWith("/?") || bare.startsWith("/#") ? RU_PREFIX + bare.slice(1) : RU_PREFIX + bare;
}

/**
 * The language a visitor prefers: the language switch's choice (its cookie's value), else the
 * first of the browser's languages the shop speaks, else English.
 */
export function preferredLocaleOf(chosen: unknown, acceptLanguage: string | null): Locale {
  if (isLocale(chosen)) return chosen;
  const accepted = (acceptLanguage ?? "").split(",").map((part) => part.trim().slice(0, 2).toLowerCase());
  return accepted.find((l): l is Locale => (locales as readonly string[]).includes(l)) ?? defaultLocale;
}
