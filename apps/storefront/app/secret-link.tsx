import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage, errorKindOf } from "#app/components/ErrorPage.tsx";

/**
 * Pages found by an unguessable token in their URL (an order, a quote): the token is the key, so the
 * page is never kept by a cache (shared or the browser's), never indexed, and never sent on to
 * another site as a referrer. The same for their error pages (the 429 of too many unknown links
 * keeps the API's Retry-After). The referrer still goes to the shop itself: with none at all, a
 * browser's form post without JavaScript (Pay now, Accept the quote) says `Origin: null`, which
 * React Router refuses as a cross-site action.
 */
export const secretLinkHeaders = ({ errorHeaders }: { errorHeaders?: Headers }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return {
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "same-origin",
    ...(retryAfter ? { "Retry-After": retryAfter } : {}),
  };
};

export const secretLinkMeta = [
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

/**
 * The token as a segment of the API's path; null for one that cannot be written in a URL (a lone
 * surrogate), which is no token. The API judges every other one, and counts the unknown ones.
 */
export function tokenSegment(token: string | undefined): string | null {
  return token?.isWellFormed() ? encodeURIComponent(token) : null;
}

/**
 * The error pages of a private-link page, with its headers (the root's boundary would answer them
 * with the root's): 429 when the address has asked for too many unknown links, 503 when the API
 * cannot answer.
 */
export function SecretLinkError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage kind={errorKindOf(status)} />;
}
