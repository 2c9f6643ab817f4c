import { checkoutCookieValue } from "#server/checkout/session.ts";
import type { Caller } from "#server/http/caller.ts";

/** The `Cookie` request header a browser sends after the shop gave it this checkout id. */
export async function cookieOf(checkoutId: string): Promise<string> {
  return `checkout=${encodeURIComponent(checkoutCookieValue(checkoutId))}`;
}

/**
 * A request as a service reads it (its route hands on Fastify's request): these headers, their
 * `cookie` parsed as @fastify/cookie parses it, from this address.
 */
export function callerWith(headers: Record<string, string> = {}, { method = "GET", ip = "127.0.0.1" } = {}): Caller {
  const lowered = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const pairs = (lowered.cookie ?? "").split(";").flatMap((part) => {
    const at = part.indexOf("=");
    return at > 0 ? [[part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim())] as const] : [];
  });
  // The first of a repeated name counts, as with @fastify/cookie.
  const cookies: Record<string, string> = {};
  for (const [name, value] of pairs) cookies[name] ??= value;
  return { method, headers: lowered, cookies, ip };
}
