/**
 * Which message the failed-payment page shows (SPEC 2.8), in order: the error text passed to the
 * page, a friendly text for a known failure reason, the reason as it is, a generic sentence.
 * Pure: the page turns the answer into words in the visitor's language.
 */

/** Failure reasons with a friendly text of their own (the page's catalogue has one per code). */
export const knownFailureReasons = [
  "INSUFFICIENT_BALANCE",
  "CARD_DECLINED",
  "EXPIRED_CARD",
  "INVALID_CVV",
  "PROCESSOR_ERROR",
  "AUTHENTICATION_FAILED",
  "CANCELLED",
  "USER_DECLINED_PAYMENT",
  "PAYMENT_REQUEST_EXPIRED",
  "DECLINED_BY_ISSUER",
] as const;

type KnownFailureReason = (typeof knownFailureReasons)[number];

export type FailureMessage =
  | { kind: "error"; text: string }
  | { kind: "reason"; reason: KnownFailureReason }
  | { kind: "raw"; text: string }
  | { kind: "generic" };

/** A passed error text is shown as text: at most this many characters. */
export const MAX_ERROR_LENGTH = 300;

function isKnownFailureReason(code: string): code is KnownFailureReason {
  return (knownFailureReasons as readonly string[]).includes(code);
}

/**
 * The error text of a link, URL-decoded once more (it is often encoded twice), '+' as a space,
 * control characters dropped, trimmed and shortened; null when nothing readable is left.
 */
export function decodeErrorText(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let text = raw.replace(/\+/g, " ");
  try {
    text = decodeURIComponent(text);
  } catch {
    // Not percent-encoded after all ('100% failed'): keep it as it came.
  }
  text = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return null;
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

export function failureMessage(error: string | null | undefined, reason: string | null | undefined): FailureMessage {
  const text = decodeErrorText(error);
  if (text) return { kind: "error", text };
  const code = reason?.trim();
  if (!code) return { kind: "generic" };
  const upper = code.toUpperCase();
  if (isKnownFailureReason(upper)) return { kind: "reason", reason: upper };
  return { kind: "raw", text: code };
}
