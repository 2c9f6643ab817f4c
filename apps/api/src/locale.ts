import { type Locale, preferredLocaleOf } from "@workshop/domain/locale.ts";
import { createCookie } from "react-router";

/** The storefront's language switch keeps the visitor's choice in this cookie (apps/storefront/app/web/locale.ts). */
const languageCookie = createCookie("lang");

/**
 * The language a visitor prefers (the switch's cookie, else the browser's languages, else English):
 * the language of orders placed and requests sent through the JSON API, and of a new staff session.
 */
export async function preferredLocale(request: Request): Promise<Locale> {
  // A cookie that does not decode (`lang=%E0`) is no choice, not an error.
  return preferredLocaleOf(await languageCookie.parse(request.headers.get("cookie")), request.headers.get("accept-language"));
}
