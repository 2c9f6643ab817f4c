import { redirect } from "react-router";
import { defaultLocale, isLocale, localePath, locales, pathLocale, type Locale } from "../lib/locale.ts";

export const LOCALE_COOKIE = "lang";

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    // A malformed escape (`lang=%E0`) is no language, not an error.
    if (k === name) return safeDecode(v.join("="));
  }
  return undefined;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The language of the page asked for: its URL says it ('/ru/…' is Russian), see decision 010. */
export function localeOf(request: Request): Locale {
  return pathLocale(new URL(request.url).pathname);
}

/**
 * The language the visitor prefers: the switcher's cookie, else the browser's preference, else
 * English. It chooses where '/' leads and the language of orders placed through the JSON API.
 */
export function preferredLocale(request: Request): Locale {
  const chosen = cookieValue(request.headers.get("cookie"), LOCALE_COOKIE);
  if (isLocale(chosen)) return chosen;
  const accepted = (request.headers.get("accept-language") ?? "")
    .split(",")
    .map((part) => part.trim().slice(0, 2).toLowerCase());
  return accepted.find((l): l is Locale => (locales as readonly string[]).includes(l)) ?? defaultLocale;
}

export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** A redirect to a path of this site in the language of the page asked for. */
export function redirectIn(request: Request, path: string, init?: number | ResponseInit): Response {
  return redirect(localePath(localeOf(request), path), init);
}
