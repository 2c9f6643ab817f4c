import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "#server/auth/session-secret.ts";

/** How long a link to a reference photo works: long enough to read a request, short enough not to leak for good. */
const PHOTO_LINK_SECONDS = 60 * 60;

const signatureOf = (id: string, expires: number) =>
  createHmac("sha256", sessionSecret()).update(`custom-order-photo:${id}:${expires}`).digest("base64url");

/**
 * Where the photos are served: the console's API, on the API's own origin, and the SPEC's, which the
 * shop's domain forwards too (for a caller with the staff token; it forwards nothing of /api/admin).
 */
export const photoPaths = { console: "/api/admin/custom-orders/photos", spec: "/api/custom-orders/photos" } as const;

/** The staff's link to a private reference photo: <path>/<id>?expires=<unix s>&sig=<HMAC>, by default the console's. */
export function photoLink(id: string, now = Date.now(), seconds = PHOTO_LINK_SECONDS, path: string = photoPaths.console): string {
  const expires = Math.floor(now / 1000) + seconds;
  return `${path}/${encodeURIComponent(id)}?expires=${expires}&sig=${signatureOf(id, expires)}`;
}

/** Whether a link's signature is the shop's own for this id and its time has not run out. */
export function isValidPhotoLink(id: string, expires: string | null, sig: string | null, now = Date.now()): boolean {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
  const at = Number(expires);
  if (at * 1000 <= now) return false;
  const expected = Buffer.from(signatureOf(id, at));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
