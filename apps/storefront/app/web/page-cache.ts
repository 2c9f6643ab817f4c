import type { MiddlewareFunction } from "react-router";
import { storefrontConfig } from "#app/config.server.ts";
import { catalogVersion } from "./catalog-version.ts";
import { localeOf } from "./locale.ts";
import { requestInfo } from "./request-context.ts";

/**
 * A shared cache in front of the pages, like a CDN's: a GET answer is kept only when its route
 * allows it (`Cache-Control: s-maxage=N`, see `publicPageHeaders`), the status is 200 and it sets no
 * cookie. Pages vary only by language, which their URL says (/ru/…) and which is part of the key. Entries are copies that expire,
 * never the truth: a catalogue change drops them all on every storefront (catalog-version.ts), and
 * nothing else a page shows can lag behind the database longer than its s-maxage.
 */
type Entry = { expires: number; status: number; headers: [string, string][]; body: string; nonce: string };

const MAX_ENTRIES = 500;
const entries = new Map<string, Entry>();
/**
 * The catalogue's version the kept pages were rendered at: a page rendered before a change is
 * never kept after it, and none is served while the version is unknown (the API not heard from).
 */
let keptAt: number | null = null;

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

function sharedMaxAge(cacheControl: string | null): number {
  const match = cacheControl?.match(/(?:^|,)\s*s-maxage=(\d+)/);
  return match ? Number(match[1]) : 0;
}

/**
 * A kept page carries the CSP nonce of the response it was made for; each copy served gets the
 * nonce of its own response (the Content-Security-Policy header is made per response, see
 * server/http/security-headers.ts), so a nonce is never used twice.
 */
export const pageCache: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== "GET") return next();
  const version = catalogVersion();
  if (version !== keptAt) {
    entries.clear();
    keptAt = version;
  }
  if (version === null) return next();
  const key = `${localeOf(request)} ${request.url}`;
  const now = Date.now();
  const { nonce } = context.get(requestInfo);
  const hit = entries.get(key);
  if (hit && hit.expires > now) {
    const body = hit.nonce ? hit.body.replaceAll(hit.nonce, nonce) : hit.body;
    return new Response(body, { status: hit.status, headers: hit.headers });
  }

  const response = await next();
  const seconds = sharedMaxAge(response.headers.get("Cache-Control"));
  if (seconds === 0 || response.status !== 200 || response.headers.has("Set-Cookie") || catalogVersion() !== version) return response;
  const body = await response.text();
  const headers = [...response.headers.entries()];
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { expires: now + seconds * 1000, status: response.status, headers, body, nonce });
  return new Response(body, { status: response.status, headers });
};
