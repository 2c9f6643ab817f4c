import { describe, expect, it } from "vitest";
import { CASH_PREPAYMENT_DAYS, cashPaymentDeadline, lastPlacedWithCashDeadlineBy } from "./cash-payment-deadline.ts";
import { isWithinOpeningHours, type WeeklyHours } from "./opening-hours.ts";

/** A moment on the workshop's clock (Bali, UTC+8). */
const bali = (local: string) => new Date(`${local}+08:00`);
const day = 24 * 3_600_000;

describe("cashPaymentDeadline: the 7 days end at the workshop's closing time", () => {
  it("moves a deadline that lands on a Sunday to Monday's closing time", () => {
    // Placed on a Sunday night: 7 days on is Sunday 1:08 AM, when the workshop is closed all day.
    expect(cashPaymentDeadline(bali("2026-11-29T01:08:00"))).toEqual(bali("2026-12-07T17:00:00"));
    expect(cashPaymentDeadline(bali("2026-11-29T14:00:00"))).toEqual(bali("2026-12-07T17:00:00"));
  });

  it("moves a deadline at night to the closing time of that day, or of the next day after closing", () => {
    expect(cashPaymentDeadline(bali("2026-12-01T03:00:00"))).toEqual(bali("2026-12-08T17:00:00"));
    expect(cashPaymentDeadline(bali("2026-11-25T23:30:00"))).toEqual(bali("2026-12-03T17:00:00"));
  });

  it("moves a deadline on a Saturday evening to Monday's closing time", () => {
    expect(cashPaymentDeadline(bali("2026-11-28T19:00:00"))).toEqual(bali("2026-12-07T17:00:00"));
    expect(cashPaymentDeadline(bali("2026-11-28T17:00:01"))).toEqual(bali("2026-12-07T17:00:00"));
  });

  it("keeps a deadline at exactly closing time, and gives one a moment later the next day", () => {
    expect(cashPaymentDeadline(bali("2026-11-26T17:00:00"))).toEqual(bali("2026-12-03T17:00:00"));
    expect(cashPaymentDeadline(bali("2026-11-26T17:00:00.001"))).toEqual(bali("2026-12-04T17:00:00"));
  });

  it("gives a deadline during opening hours the rest of that day", () => {
    expect(cashPaymentDeadline(bali("2026-11-25T10:15:00"))).toEqual(bali("2026-12-02T17:00:00"));
    expect(cashPaymentDeadline(bali("2026-11-28T09:00:00"))).toEqual(bali("2026-12-05T17:00:00"));
  });

  it("is within opening hours, never shorter than 7 days and at most two days longer, whenever the order is placed", () => {
    const start = bali("2026-11-23T00:00:00").getTime();
    for (let placed = start; placed < start + 14 * day; placed += 7 * 60_000 + 13_000) {
      const deadline = cashPaymentDeadline(new Date(placed));
      expect(isWithinOpeningHours(deadline), new Date(placed).toISOString()).toBe(true);
      expect(deadline.getTime() - placed).toBeGreaterThanOrEqual(CASH_PREPAYMENT_DAYS * day);
      expect(deadline.getTime() - placed).toBeLessThanOrEqual((CASH_PREPAYMENT_DAYS + 2) * day);
    }
  });

  it("follows the hours it is given: closed on Sundays and Mondays, Sunday's deadline moves to Tuesday", () => {
    const open = { opens: "10:00", closes: "18:30" } as const;
    const hours: WeeklyHours = [null, null, open, open, open, open, open];
    expect(cashPaymentDeadline(bali("2026-11-29T01:08:00"), hours)).toEqual(bali("2026-12-08T18:30:00"));
  });
});

describe("lastPlacedWithCashDeadlineBy: the orders whose deadline has come, found by their placing time", () => {
  it("is the last closing time at or before the moment, 7 days back", () => {
    // Monday 9:00: the last closing time was Saturday's, so orders placed up to the Saturday before.
    expect(lastPlacedWithCashDeadlineBy(bali("2026-12-07T09:00:00"))).toEqual(bali("2026-11-28T17:00:00"));
    expect(lastPlacedWithCashDeadlineBy(bali("2026-12-07T17:00:00"))).toEqual(bali("2026-11-30T17:00:00"));
  });

  it("splits orders exactly as their deadlines do", () => {
    const start = bali("2026-11-20T00:00:00").getTime();
    const moments = [bali("2026-12-05T17:00:00"), bali("2026-12-06T12:00:00"), bali("2026-12-07T16:59:59"), bali("2026-12-07T17:00:00")];
    for (const moment of moments) {
      const cutoff = lastPlacedWithCashDeadlineBy(moment).getTime();
      for (let placed = start; placed < start + 12 * day; placed += 11 * 60_000 + 7_000) {
        const due = cashPaymentDeadline(new Date(placed)).getTime() <= moment.getTime();
        expect(placed <= cutoff, `${new Date(placed).toISOString()} at ${moment.toISOString()}`).toBe(due);
      }
      // Right at the cutoff too: placed at it, due; a millisecond later, not yet.
      expect(cashPaymentDeadline(new Date(cutoff)).getTime()).toBeLessThanOrEqual(moment.getTime());
      expect(cashPaymentDeadline(new Date(cutoff + 1)).getTime()).toBeGreaterThan(moment.getTime());
    }
  });
});
