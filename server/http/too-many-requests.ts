import { data, type MiddlewareFunction } from "react-router";
import { requestInfo } from "./request-context.ts";

/** A page write refused by the rate limit (server/http/rate-limits.ts) ends here, as the 429 page. */
export const tooManyRequests: MiddlewareFunction<Response> = ({ context }, next) => {
  if (context.get(requestInfo).retryAfter !== undefined) throw data("Too many requests", { status: 429 });
  return next();
};
