import { describe, expect, it } from "vitest";
import { addBusinessDays } from "./delivery.ts";
import { closingTimeAtOrAfter, closingTimeAtOrBefore, isOpenDay, isWithinOpeningHours, minutesOf, openingHours } from "./opening-hours.ts";

const bali = (local: string) => new Date(`${local}+08:00`);

describe("the workshop's opening hours", () => {
  it("are Monday to Saturday, 9am to 5pm, closed on Sunday (SPEC)", () => {
    expect(openingHours[0]).toBeNull();
    for (const day of [1, 2, 3, 4, 5, 6]) expect(openingHours[day]).toEqual({ opens: "9:00", closes: "17:00" });
    expect(minutesOf("17:00")).toBe(1020);
    expect(minutesOf("9:30")).toBe(570);
  });

  it("count opening and closing time as open, Bali time", () => {
    expect(isWithinOpeningHours(bali("2026-12-05T09:00:00"))).toBe(true);
    expect(isWithinOpeningHours(bali("2026-12-05T17:00:00"))).toBe(true);
    expect(isWithinOpeningHours(bali("2026-12-05T17:00:01"))).toBe(false);
    expect(isWithinOpeningHours(bali("2026-12-05T08:59:59"))).toBe(false);
    expect(isWithinOpeningHours(bali("2026-12-06T12:00:00"))).toBe(false);
    // 1 AM in Bali is still the evening before in UTC.
    expect(isWithinOpeningHours(new Date("2026-12-04T02:00:00Z"))).toBe(true);
    expect(isOpenDay(bali("2026-12-06T12:00:00"))).toBe(false);
    expect(isOpenDay(bali("2026-12-07T00:30:00"))).toBe(true);
  });

  it("find the next and the last closing time, skipping closed days", () => {
    expect(closingTimeAtOrAfter(bali("2026-12-05T18:00:00"))).toEqual(bali("2026-12-07T17:00:00"));
    expect(closingTimeAtOrAfter(bali("2026-12-07T17:00:00"))).toEqual(bali("2026-12-07T17:00:00"));
    expect(closingTimeAtOrBefore(bali("2026-12-07T16:59:00"))).toEqual(bali("2026-12-05T17:00:00"));
    expect(closingTimeAtOrBefore(bali("2026-12-07T17:00:00"))).toEqual(bali("2026-12-07T17:00:00"));
    expect(() => closingTimeAtOrAfter(new Date(), [null, null, null, null, null, null, null])).toThrow(/no opening hours/);
  });

  it("are open on every day a pickup order can be ready: business days after payment", () => {
    const start = bali("2026-11-23T00:00:00").getTime();
    for (let paid = start; paid < start + 14 * 24 * 3_600_000; paid += 5 * 3_600_000) {
      for (let days = 1; days <= 15; days++) expect(isOpenDay(addBusinessDays(new Date(paid), days))).toBe(true);
    }
  });
});
