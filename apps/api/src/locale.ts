import { type Locale, preferredLocaleOf } from "@workshop/domain/locale.ts";
import { type Caller, headerOf } from "#server/http/caller.ts";
import { decodedCookieValue } from "#server/http/cookie-value.ts";

/** The storefront's language switch keeps the visitor's choice in this cookie (apps/storefront/app/web/locale.ts). */
const LANGUAGE_COOKIE = "lang";

/**
 * The language a visitor prefers (the switch's cookie, else the browser's languages, else English):
 * the language of orders placed and requests sent through the JSON API, and of a new staff session.
 */
export function preferredLocale(request: Pick<Caller, "headers" | "cookies">): Locale {
  // A cookie that does not decode (`lang=%E0`) is no choice, not an error.
  const chosen = request.cookies[LANGUAGE_COOKIE];
  return preferredLocaleOf(chosen ? decodedCookieValue(chosen) : null, headerOf(request, "accept-language"));
}
