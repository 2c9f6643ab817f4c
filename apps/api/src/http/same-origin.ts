import { type Config, config } from "#server/config.ts";

/**
 * The origins the shop's own pages are served from: the public URL's. Without PUBLIC_URL (a shop
 * on this machine, http://localhost:PORT) also the same port on 127.0.0.1 and [::1], the other
 * names of this machine a browser may be pointed at. Never the Host a request names: anyone can
 * send any Host, so a page of another site could vouch for itself with it.
 */
export function trustedOrigins(c: Pick<Config, "PUBLIC_URL" | "PORT" | "publicUrl">): string[] {
  const own = new URL(c.publicUrl).origin;
  if (c.PUBLIC_URL) return [own];
  // As a browser spells them: no port for port 80.
  return [own, new URL(`http://127.0.0.1:${c.PORT}`).origin, new URL(`http://[::1]:${c.PORT}`).origin];
}

/**
 * The origins whose pages may write through the staff API: the shop's own, and the staff console's
 * (ADMIN_URL; without it, as for the shop, also its port on 127.0.0.1 and [::1]).
 */
export function staffOrigins(c: Pick<Config, "PUBLIC_URL" | "PORT" | "publicUrl" | "ADMIN_URL" | "ADMIN_PORT" | "adminUrl">): string[] {
  const consoleOrigins = c.ADMIN_URL ? [c.adminUrl] : [c.adminUrl, `http://127.0.0.1:${c.ADMIN_PORT}`, `http://[::1]:${c.ADMIN_PORT}`];
  return [...trustedOrigins(c), ...consoleOrigins];
}

let staff: string[] | undefined;

/**
 * Whether a request comes from the shop's own pages or the staff console's: its Origin is one of
 * staffOrigins, or, without Origin, the browser says same-origin (Sec-Fetch-Site; every current
 * browser sends one of them on a write). Same-site is not enough: a sibling subdomain of the console
 * is same-site with it. Never the Host a request names: anyone can send any Host.
 */
export function fromStaffOrigin(headers: { origin: string | null; secFetchSite: string | null }): boolean {
  staff ??= staffOrigins(config());
  if (headers.origin) return staff.includes(headers.origin);
  return headers.secFetchSite === "same-origin";
}
