import { closingTimeAtOrAfter, closingTimeAtOrBefore, openingHours, type WeeklyHours } from "./opening-hours.ts";

/** A cash-in-store order waits this long for its prepayment at the workshop (SPEC 9). */
export const CASH_PREPAYMENT_DAYS = 7;
// Whole days of 24 hours: Bali keeps one UTC offset all year, so this is also 7 calendar days.
const PREPAYMENT_MS = CASH_PREPAYMENT_DAYS * 24 * 3_600_000;

/**
 * When a cash-in-store order placed at `placedAt` must be paid at the workshop: the 7 days end at
 * closing time, at the first closing time at or after 7 × 24 hours from placing. So the deadline
 * is always a moment the workshop is open, never shorter than 7 days, and at most the workshop's
 * longest closed stretch longer (a Saturday evening's 7 days end on Monday at closing time).
 * docs/decisions/048-deadlines-within-opening-hours.md.
 */
export function cashPaymentDeadline(placedAt: Date, hours: WeeklyHours = openingHours): Date {
  return closingTimeAtOrAfter(new Date(placedAt.getTime() + PREPAYMENT_MS), hours);
}

/**
 * The latest placing time whose cash deadline is at or before `moment`: an order placed then or
 * earlier has its deadline by `moment`, one placed later after it (a later order's deadline is
 * never earlier), so the database finds them with one comparison of the order's creation time.
 */
export function lastPlacedWithCashDeadlineBy(moment: Date, hours: WeeklyHours = openingHours): Date {
  return new Date(closingTimeAtOrBefore(moment, hours).getTime() - PREPAYMENT_MS);
}
