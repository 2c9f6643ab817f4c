import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "#server/auth/session-secret.ts";

/** How long a link to a reference photo works: long enough to read a request, short enough not to leak for good. */
const PHOTO_LINK_SECONDS = 60 * 60;

/**
 * Whom a link is for: staff, or the customer whose request it is (their checkout's and order's
 * pages). The two are signed apart, so a link given to one never opens the other's route.
 */
type Reader = "staff" | "customer";
const purposes: Record<Reader, string> = { staff: "custom-order-photo", customer: "customer-photo" };

const signatureOf = (id: string, expires: number, reader: Reader) =>
  createHmac("sha256", sessionSecret()).update(`${purposes[reader]}:${id}:${expires}`).digest("base64url");

/**
 * Where the photos are served: the console's API, on the API's own origin, and the SPEC's, which the
 * shop's domain forwards too (for a caller with the staff token; it forwards nothing of /api/admin);
 * the customer's, which the shop's domain forwards to anyone holding a customer's link.
 */
export const photoPaths = {
  console: "/api/admin/custom-orders/photos",
  spec: "/api/custom-orders/photos",
  customer: "/api/shop/custom-orders/photos",
} as const;

function signedLink(id: string, reader: Reader, path: string, now: number, seconds: number): string {
  const expires = Math.floor(now / 1000) + seconds;
  return `${path}/${encodeURIComponent(id)}?expires=${expires}&sig=${signatureOf(id, expires, reader)}`;
}

/** The staff's link to a private reference photo: <path>/<id>?expires=<unix s>&sig=<HMAC>, by default the console's. */
export function photoLink(id: string, now = Date.now(), seconds = PHOTO_LINK_SECONDS, path: string = photoPaths.console): string {
  return signedLink(id, "staff", path, now, seconds);
}

/** The customer's link to their own reference photo, for a page only they are shown (their checkout, their order). */
export function customerPhotoLink(id: string, now = Date.now(), seconds = PHOTO_LINK_SECONDS): string {
  return signedLink(id, "customer", photoPaths.customer, now, seconds);
}

/** Whether a link's signature is the shop's own for this id and reader, and its time has not run out. */
export function isValidPhotoLink(
  id: string,
  expires: string | null,
  sig: string | null,
  now = Date.now(),
  reader: Reader = "staff",
): boolean {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
  const at = Number(expires);
  if (at * 1000 <= now) return false;
  const expected = Buffer.from(signatureOf(id, at, reader));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
