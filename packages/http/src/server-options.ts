import { pathOf } from "./request-body.ts";

/**
 * An address with a stray or broken escape (/orders/%E0%A4%A) is routed with its percent signs
 * escaped, so that it reaches the page that answers it (a 404 page, not a bare 400 of the router);
 * every hook and the page itself read the address as sent (request.originalUrl).
 */
export function routable(req: { url?: string }): string {
  const url = req.url ?? "/";
  if (!url.includes("%")) return url;
  try {
    decodeURIComponent(pathOf(url));
    return url;
  } catch {
    return url.replaceAll("%", "%25");
  }
}

/**
 * TRUST_PROXY=true is refused at start: it believes whatever X-Forwarded-For any client sends, so
 * every client could name itself anew on each request and escape every limit.
 */
export const trustsEveryone = (value: string) => value === "true";
export const trustsEveryoneRefusal =
  "true would believe any client's X-Forwarded-For: name the proxies' addresses or subnets (e.g. 10.0.0.0/8, loopback)";

/**
 * TRUST_PROXY: false, addresses and subnets (or `loopback`), or a hop count. Fastify takes no
 * count, so a count trusts that many hops nearest the server, whatever their address: safe only on
 * a port no client reaches but through that many proxies.
 */
export function trustProxy(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === "true" || value === "false") return value === "true";
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}
