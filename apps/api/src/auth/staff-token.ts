import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "#server/config.ts";
import { type Caller, headerOf } from "#server/http/caller.ts";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Compares two secrets in constant time (by their digests, so lengths leak nothing either). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether the request carries `Authorization: Bearer <ADMIN_API_TOKEN>`. Without a configured
 * token nobody is staff.
 */
export function isStaff(request: Pick<Caller, "headers">): boolean {
  return isStaffAuthorization(headerOf(request, "authorization"));
}

/** The same check on an Authorization header's value (for plain Node requests: the sandbox's control API). */
export function isStaffAuthorization(header: string | null | undefined): boolean {
  const expected = config().ADMIN_API_TOKEN;
  const given = bearerOf(header);
  return !!expected && !!given && sameSecret(given, expected);
}

export function bearerOf(header: string | null | undefined): string | null {
  return header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() || null;
}
