import { isLocale, localePath } from "@workshop/domain/locale.ts";
import { redirect } from "react-router";
import { languageCookie } from "#app/web/locale.ts";
import type { Route } from "./+types/language";

/**
 * POST /language {lang, redirectTo}: remembers the language in a cookie and shows the same page
 * in it ('/products/5' ⇄ '/ru/products/5').
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = form.get("lang");
  const back = form.get("redirectTo");
  // Only a path on this site (never an open redirect), in the URL's own characters (a header value).
  const target = typeof back === "string" && /^\/(?![/\\])[\x21-\x7e]*$/.test(back) ? back : "/";
  if (!isLocale(lang)) return redirect(target);
  return redirect(localePath(lang, target), { headers: { "Set-Cookie": await languageCookie.serialize(lang) } });
}

export function loader() {
  return redirect("/");
}
