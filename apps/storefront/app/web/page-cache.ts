import type { MiddlewareFunction } from "react-router";
import { storefrontConfig } from "#app/config.server.ts";
import { catalogVersion } from "./catalog-version.ts";
import { requestInfo } from "./request-context.ts";

/**
 * A shared cache in front of the pages, like a CDN's: a GET answer is kept only when its route
 * allows it (`Cache-Control: s-maxage=N`, see `publicPageHeaders`), the status is 200 and it sets no
 * cookie. Pages vary only by language, which their URL says (/ru/…), and the URL is the key.
 * Entries are copies that expire, never the truth: a catalogue change drops them all on every storefront (catalog-version.ts), and
 * nothing else a page shows can lag behind the database longer than its s-maxage.
 */
type Entry = { expires: number; status: number; headers: Record<string, string>; body: string; nonce: string };
/** A kept page as served: its status, headers and body with the nonce of the response it goes out in. */
export type KeptPage = Omit<Entry, "expires" | "nonce">;

const MAX_ENTRIES = 500;
type Store = {
  entries: Map<string, Entry>;
  /**
   * The catalogue's version the kept pages were rendered at: a page rendered before a change is
   * never kept after it, and none is served while the version is unknown (the API not heard from).
   */
  keptAt: number | null;
};
// One store per process: the server's front (server/react-router.ts) serves what the pages'
// middleware below keeps, and each loads its own copy of this module.
const slot = Symbol.for("shop.page-cache");
const g = globalThis as { [slot]?: Store };
const store: Store = (g[slot] ??= { entries: new Map(), keptAt: null });

/** The catalogue's version now, the kept pages dropped if it moved; null: none may be served. */
function currentVersion(): number | null {
  const version = catalogVersion();
  if (version !== store.keptAt) {
    store.entries.clear();
    store.keptAt = version;
  }
  return version;
}

/**
 * The kept copy of the page at `url` (a GET; the key is the whole URL, whose path says the
 * language), with `nonce`, the nonce of the response it goes out in, in place of the one it was
 * made with (the Content-Security-Policy header is made per response), so a nonce is never used
 * twice. Null when none is current.
 */
export function keptPage(url: string, nonce: string): KeptPage | null {
  if (store.entries.size === 0 || currentVersion() === null) return null;
  const hit = store.entries.get(url);
  if (!hit || hit.expires <= Date.now()) return null;
  return { status: hit.status, headers: hit.headers, body: hit.nonce ? hit.body.replaceAll(hit.nonce, nonce) : hit.body };
}

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
 * Keeps the pages whose route allows it, and serves the kept copy of a page the server's front
 * does not (the front door '/', which first goes through the language check, language-home.ts).
 */
export const pageCache: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== "GET") return next();
  const version = currentVersion();
  if (version === null) return next();
  const { nonce } = context.get(requestInfo);
  const hit = keptPage(request.url, nonce);
  if (hit) return new Response(hit.body, { status: hit.status, headers: hit.headers });

  const now = Date.now();
  const response = await next();
  const seconds = sharedMaxAge(response.headers.get("Cache-Control"));
  if (seconds === 0 || response.status !== 200 || response.headers.has("Set-Cookie") || catalogVersion() !== version) return response;
  const body = await response.text();
  const headers = Object.fromEntries(response.headers);
  // The length is the body's own wherever it is sent (a nonce of another length would change it).
  delete headers["content-length"];
  if (store.entries.size >= MAX_ENTRIES) store.entries.delete(store.entries.keys().next().value!);
  store.entries.set(request.url, { expires: now + seconds * 1000, status: response.status, headers, body, nonce });
  return new Response(body, { status: response.status, headers });
};
