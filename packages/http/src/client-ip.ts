import { isIPv4, isIPv6 } from "node:net";

/**
 * The storefront's server puts the client's address (Fastify's request.ip, which follows TRUST_PROXY)
 * under this header on the Request it hands React Router, replacing anything the client sent there
 * (web-headers.ts), so that a loader or action passes it on to the API as X-Forwarded-For. The API
 * itself reads request.ip.
 */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

export function clientIpOf(request: Request): string | null {
  return request.headers.get(CLIENT_IP_HEADER) || null;
}

/**
 * Who a client is, for the API's rate limits and the storefront's share of its forwarding pools:
 * its address (Fastify's request.ip, which follows TRUST_PROXY). An IPv6 client counts by its /64
 * network, since one household or server holds a whole /64.
 */
export function clientKey(ip: string | undefined): string {
  const address = (ip ?? "").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return "unknown";
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
