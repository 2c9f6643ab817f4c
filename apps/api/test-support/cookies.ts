import type { Locale } from "@workshop/domain/locale.ts";
import { checkoutCookie } from "#server/checkout/session.ts";
import { languageCookie } from "#server/locale.ts";

/** The `Cookie` request header a browser sends after the shop gave it this checkout id. */
export async function cookieOf(checkoutId: string): Promise<string> {
  return (await checkoutCookie(checkoutId)).split(";")[0]!;
}

/** The `Cookie` request header of a browser whose language switch chose this language. */
export async function languageChoice(locale: Locale): Promise<string> {
  return (await languageCookie.serialize(locale)).split(";")[0]!;
}
