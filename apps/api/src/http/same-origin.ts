import { type Config, config } from "#server/config.ts";

/**
 * The origins whose pages may sign staff in, read the session's CSRF token and write with the
 * staff cookie: the staff console's (ADMIN_URL; without it also its port on 127.0.0.1 and [::1],
 * the other names of this machine) and those the owner lists in CORS_ORIGINS. Not the shop's:
 * the console's cookie reaches the shop's port too (cookies ignore ports), and a script on a shop
 * page is no staff member.
 */
export function staffOrigins(c: Pick<Config, "ADMIN_URL" | "ADMIN_PORT" | "adminUrl" | "CORS_ORIGINS">): string[] {
  const consoleOrigins = c.ADMIN_URL ? [c.adminUrl] : [c.adminUrl, `http://127.0.0.1:${c.ADMIN_PORT}`, `http://[::1]:${c.ADMIN_PORT}`];
  return [...new Set([...consoleOrigins, ...c.CORS_ORIGINS])];
}

let staff: string[] | undefined;

/**
 * Whether a request comes from the staff console's pages: its Origin is one of
 * staffOrigins, or, without Origin, the browser says same-origin (Sec-Fetch-Site; every current
 * browser sends one of them on a write). Same-site is not enough: a sibling subdomain of the console
 * is same-site with it. Never the Host a request names: anyone can send any Host.
 */
export function fromStaffOrigin(headers: { origin: string | null; secFetchSite: string | null }): boolean {
  staff ??= staffOrigins(config());
  if (headers.origin) return staff.includes(headers.origin);
  return headers.secFetchSite === "same-origin";
}

let staffHosts: string[] | undefined;

/**
 * Whether a browser's same-origin request was addressed to a staff origin's host (its Host, which
 * a page cannot set): a console served on its own host, with /api sent on to the API, as the
 * compose stack's. The shop's forwarding names the API in Host, so its pages never pass.
 */
export function toStaffHost(host: string | null): boolean {
  staffHosts ??= staffOrigins(config()).map((origin) => new URL(origin).host);
  return host !== null && staffHosts.includes(host.toLowerCase());
}
