import { type Locale, localePath, pathLocale, preferredLocaleOf } from "@workshop/domain/locale.ts";
import { createCookie, redirect } from "react-router";

/** The language switch's choice, a preference kept for a year (the URL decides a page's language). */
export const languageCookie = createCookie("lang", { path: "/", maxAge: 31_536_000, sameSite: "lax" });

/** The language of the page asked for: its URL says it ('/ru/…' is Russian), see decision 010. */
export function localeOf(request: Request): Locale {
  return pathLocale(new URL(request.url).pathname);
}

/**
 * The language the visitor prefers: the switcher's cookie, else the browser's preference, else
 * English. It chooses where '/' leads and the language of orders placed through the JSON API.
 */
export async function preferredLocale(request: Request): Promise<Locale> {
  // A cookie that does not decode (`lang=%E0`) is no choice, not an error.
  return preferredLocaleOf(await languageCookie.parse(request.headers.get("cookie")), request.headers.get("accept-language"));
}

/** A redirect to a path of this site in the language of the page asked for. */
export function redirectIn(request: Request, path: string, init?: number | ResponseInit): Response {
  return redirect(localePath(localeOf(request), path), init);
}
