import { createContext, type RouterContext, RouterContextProvider } from "react-router";

/** What the web server knows about a request before React Router sees it. */
export type RequestInfo = {
  /** The Content-Security-Policy nonce of this response: every inline script must carry it. */
  nonce: string;
  /** Seconds until a rate-limited client may try again; set only when this request is refused. */
  retryAfter?: number;
};

// One context object per process, even though the server entry and the bundled routes each load
// this module: React Router finds a value by the identity of its context object.
const slot = Symbol.for("shop.request-info");
const g = globalThis as { [slot]?: RouterContext<RequestInfo> };
export const requestInfo: RouterContext<RequestInfo> = (g[slot] ??= createContext<RequestInfo>({ nonce: "" }));

export function routerContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfo, info);
  return context;
}

/**
 * The web server puts the client's address (Fastify's request.ip, which follows TRUST_PROXY) on the
 * request under this header, replacing anything the client sent, so every loader and action, and
 * the Request copies React Router makes, can read it: for the audit log and sign-in limits.
 */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

export function clientIpOf(request: Request): string | null {
  return request.headers.get(CLIENT_IP_HEADER) || null;
}
