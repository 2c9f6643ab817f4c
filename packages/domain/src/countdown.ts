/**
 * Time left to pay, for the QR and payment-instructions pages (SPEC 9, "Payment timing"): pure
 * formatters and the seconds until a provider's expiry. Never negative.
 */

/** The QR page counts down from 10 minutes. */
export const QR_COUNTDOWN_SECONDS = 600;
/** The instructions page counts down from 24 hours until the provider says when the payment expires. */
const DEFAULT_PAYMENT_WINDOW_SECONDS = 86_400;

const whole = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0);
const two = (n: number) => String(n).padStart(2, "0");

/** '09:59': minutes and seconds, both two digits (minutes go past 59 rather than wrap). */
export function formatMmSs(seconds: number): string {
  const s = whole(seconds);
  return `${two(Math.floor(s / 60))}:${two(s % 60)}`;
}

export type TimeLeft = { unit: "hm"; h: number; m: number } | { unit: "ms"; m: number; s: number } | { unit: "s"; s: number };

/** The two largest parts of a duration: hours and minutes, minutes and seconds, or seconds alone. */
export function timeLeftParts(seconds: number): TimeLeft {
  const total = whole(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return { unit: "hm", h, m };
  if (m > 0) return { unit: "ms", m, s };
  return { unit: "s", s };
}

/** 'Xh Ym', 'Xm Ys' or 'Xs'. */
export function formatTimeLeft(seconds: number): string {
  const t = timeLeftParts(seconds);
  return t.unit === "hm" ? `${t.h}h ${t.m}m` : t.unit === "ms" ? `${t.m}m ${t.s}s` : `${t.s}s`;
}

/**
 * Whole seconds from `nowMs` until an ISO time (rounded up, so a deadline a moment away still
 * reads 1 s); `fallbackSeconds` when the time is unknown or unreadable; 0 once it has passed.
 */
export function secondsUntil(
  expiresAtIso: string | null | undefined,
  nowMs: number,
  fallbackSeconds = DEFAULT_PAYMENT_WINDOW_SECONDS,
): number {
  const at = expiresAtIso ? Date.parse(expiresAtIso) : Number.NaN;
  if (Number.isNaN(at)) return whole(fallbackSeconds);
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}
