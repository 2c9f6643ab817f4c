import { storefrontConfig } from "#app/config.server.ts";

/*
 * How long a page may be kept by a shared cache: a public page (the same for every visitor of one
 * language, which its URL says) for PAGE_CACHE_SECONDS, by the storefront's own (server/kept-pages.ts)
 * or a CDN in front of it; a private one never.
 */

/** Headers of a page that is the same for every visitor of one language. */
function publicPageHeaders(): HeadersInit {
  const seconds = storefrontConfig().PAGE_CACHE_SECONDS;
  return { "Cache-Control": seconds > 0 ? `public, max-age=0, s-maxage=${seconds}` : "no-cache", Vary: "Cookie, Accept-Language" };
}

/** A page's headers function: the public page's, or on its error page its error's (a 429's or 503's Retry-After). */
export const publicPage = ({ errorHeaders }: { errorHeaders?: Headers }): HeadersInit => errorHeaders ?? publicPageHeaders();

/** A page that is one browser's own (its checkout, its payment): never kept by any cache, its error's Retry-After kept. */
export const privatePage = ({ errorHeaders }: { errorHeaders?: Headers }): HeadersInit => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return { "Cache-Control": "private, no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
};
