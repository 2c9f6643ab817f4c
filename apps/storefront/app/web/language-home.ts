import { localePath } from "@workshop/domain/locale.ts";
import { isbot } from "isbot";
import { type MiddlewareFunction, redirect } from "react-router";
import { preferredLocale } from "./locale.ts";

/**
 * A person who prefers Russian (the switch's cookie, else the browser's language) and opens the
 * shop's front door '/' is sent to '/ru'. Every other URL keeps its language, and crawlers are
 * never redirected, so both languages stay indexable (decision 010).
 */
export const languageHome: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method !== "GET" || new URL(request.url).pathname !== "/") return next();
  if (isbot(request.headers.get("user-agent")) || (await preferredLocale(request)) === "en") return next();
  const search = new URL(request.url).search;
  throw redirect(localePath("ru", `/${search}`), {
    headers: { Vary: "Cookie, Accept-Language, User-Agent", "Cache-Control": "private, no-cache" },
  });
};
