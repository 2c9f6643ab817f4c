import { config } from "#server/config.ts";

/**
 * Whether a request comes from this shop's own pages: its Origin is the shop's (the public URL,
 * or the address the request was sent to), or, without Origin, the browser says same-origin
 * (Sec-Fetch-Site). A request that says neither is not taken as same-origin: every current
 * browser sends one of them on a POST.
 */
export function sameOrigin(headers: { origin: string | null; secFetchSite: string | null }, requestOrigin: string): boolean {
  if (headers.origin) return headers.origin === new URL(config().publicUrl).origin || headers.origin === requestOrigin;
  return headers.secFetchSite === "same-origin";
}

/** Writes to the admin (forms and their .data requests) that must come from the shop's own pages. */
export function isAdminWrite(method: string, path: string): boolean {
  return method !== "GET" && method !== "HEAD" && /^\/admin(?:[/.]|$)/.test(path);
}
