import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "#server/auth/session-secret.ts";

/** How long a link to a reference photo works: long enough to read a request, short enough not to leak for good. */
const PHOTO_LINK_SECONDS = 60 * 60;

const signatureOf = (id: string, expires: number) =>
  createHmac("sha256", sessionSecret()).update(`custom-order-photo:${id}:${expires}`).digest("base64url");

/** The staff's link to a private reference photo: /api/admin/custom-orders/photos/<id>?expires=<unix s>&sig=<HMAC>. */
export function photoLink(id: string, now = Date.now(), seconds = PHOTO_LINK_SECONDS): string {
  const expires = Math.floor(now / 1000) + seconds;
  return `/api/admin/custom-orders/photos/${encodeURIComponent(id)}?expires=${expires}&sig=${signatureOf(id, expires)}`;
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
