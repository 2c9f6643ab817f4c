/**
 * A staff sign-in e-mail: trimmed and lower-cased, one @, no spaces, and a domain of letters,
 * digits and hyphens in dot-separated labels. Unlike a customer's address, a domain of one label
 * is allowed: the first owner made at start is `admin@localhost`.
 */
const staffEmailPattern = /^[^\s@"<>(),;:\\[\]]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The e-mail as staff accounts store it, or null when it is not one. */
export function normalizeStaffEmail(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const email = input.trim().toLowerCase();
  return email.length <= 254 && staffEmailPattern.test(email) ? email : null;
}
