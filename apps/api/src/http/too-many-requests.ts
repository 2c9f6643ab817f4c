import { data, type MiddlewareFunction } from "react-router";
import { localeOf } from "#server/locale.ts";
import { requestInfo } from "./request-context.ts";

/** A page write refused by the rate limit (server/http/rate-limits.ts) ends here, as the 429 page. */
export const tooManyRequests: MiddlewareFunction<Response> = ({ request, context }, next) => {
  // Before the root loader, so the page's language travels with the error.
  if (context.get(requestInfo).retryAfter !== undefined) throw data({ locale: localeOf(request) }, { status: 429 });
  return next();
};
