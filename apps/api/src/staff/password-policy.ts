import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * What a new staff password must be: 12 to 256 characters, not one of the ~49,000 most common
 * passwords (the list zxcvbn-ts ships in @zxcvbn-ts/language-common, compared case-insensitively),
 * and not the account's own e-mail. Length beats composition rules (NIST SP 800-63B), so there is
 * no "one digit, one symbol" rule.
 */
const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** Why a password is refused: a message key, translated by the staff console (apps/admin/src/i18n/people.ts). */
export type PasswordProblem =
  | "passwordTooShort"
  | "passwordTooLong"
  | "passwordCommon"
  | "passwordSimple"
  | "passwordIsEmail"
  | "passwordCharacters";

const common = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const controlCharacter = /[\u0000-\u001F\u007F]/;

/** The problem with `password` as a new password of the account `email`, or null when it may be used. */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  // Counted in code points, as a person counts characters (an emoji is one).
  const length = [...password].length;
  if (length < PASSWORD_MIN) return "passwordTooShort";
  if (length > PASSWORD_MAX) return "passwordTooLong";
  if (!password.isWellFormed() || controlCharacter.test(password)) return "passwordCharacters";
  const folded = password.trim().toLowerCase();
  if (common.has(folded)) return "passwordCommon";
  if (tooSimple(folded)) return "passwordSimple";
  if (email && folded === email.trim().toLowerCase()) return "passwordIsEmail";
  return null;
}

/** Words anyone would try first against this shop (NIST SP 800-63B: context-specific words). */
const contextWords = new Set(["rumahtopi", "rumah", "topi", "hat", "hats", "workshop", "bali", "ubud", "admin", "owner", "staff"]);
const keyboardRows = ["qwertyuiopasdfghjklzxcvbnm", "1234567890", "qwertzuiopasdfghjklyxcvbnm", "azertyuiopqsdfghjklmwxcvbn"];

/**
 * Repeated or sequential characters (aaaaaaaaaaaa, abcdefghijkl, qwertyuiopas, 123456789012), or
 * a common or context word dressed up with digits and symbols (password2026!, rumahtopi2026).
 */
function tooSimple(folded: string): boolean {
  const chars = [...folded];
  if (new Set(chars).size < 5) return true;
  const steps = chars.slice(1).filter((c, i) => Math.abs(c.codePointAt(0)! - chars[i]!.codePointAt(0)!) === 1).length;
  if (steps >= (chars.length - 1) * 0.75) return true;
  const compact = folded.replace(/\s+/g, "");
  if (keyboardRows.some((row) => (row + row).includes(compact) || (row + row).split("").reverse().join("").includes(compact))) return true;
  const letters = folded.replace(/[^\p{L}]+/gu, "");
  return letters.length > 0 && (common.has(letters) || contextWords.has(letters));
}

/** The English text of each problem, for the command line and the start-up check. */
export const passwordProblemText: Record<PasswordProblem, string> = {
  passwordTooShort: `the password must have at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `the password must have at most ${PASSWORD_MAX} characters`,
  passwordCommon: "this password is one of the most common ones; choose another",
  passwordSimple:
    "this password is too easy to guess (repeated or sequential characters, or a common word or the shop's name with numbers); choose another",
  passwordIsEmail: "the password must not be the account's e-mail",
  passwordCharacters: "the password contains characters that are not allowed (control characters)",
};
