/**
 * The web server puts the client's address (Fastify's request.ip, which follows TRUST_PROXY) on the
 * request under this header, replacing anything the client sent there, so every service, loader and
 * action, and the Request copies React Router makes, can read it: for the audit log, the sign-in
 * limits and the address the storefront passes on to the API.
 */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

export function clientIpOf(request: Request): string | null {
  return request.headers.get(CLIENT_IP_HEADER) || null;
}
