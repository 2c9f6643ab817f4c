/**
 * A staff sign-in e-mail: trimmed and lower-cased; a local part of the characters RFC 5322 allows
 * unquoted (printable ASCII: no control, invisible or look-alike characters that would make two
 * accounts read the same in the staff list and the audit log); a domain of letters, digits and
 * hyphens in dot-separated labels. Unlike a customer's address, a domain of one label is allowed:
 * the first owner made at start is `owner-<random>@localhost`.
 */
const staffEmailPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The e-mail as staff accounts store it, or null when it is not one. */
export function normalizeStaffEmail(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const email = input.trim().toLowerCase();
  return email.length <= 254 && staffEmailPattern.test(email) ? email : null;
}
