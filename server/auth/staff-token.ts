import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "../config.ts";
import { AppError } from "../errors.ts";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Staff endpoints need `Authorization: Bearer <ADMIN_API_TOKEN>`. Without a configured token
 * nobody gets in. Compared in constant time.
 */
export function requireStaff(request: Request): void {
  const expected = config().ADMIN_API_TOKEN;
  const given = request.headers.get("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (!expected || !given || !timingSafeEqual(digest(given), digest(expected))) {
    throw new AppError("unauthorized", "A valid staff token is required");
  }
}
