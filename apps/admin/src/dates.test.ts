import { describe, expect, it } from "vitest";
import { consoleDate, consoleDay, consoleDayOf } from "./dates.ts";

describe("a date in the console", () => {
  // 08:57 UTC is 16:57 in Bali (UTC+8), whatever the machine's own zone.
  const moment = "2026-11-27T08:57:00Z";

  it("reads as SPEC 2.11's MMM d, yyyy h:mm a in English, on the workshop's clock", () => {
    expect(consoleDate(moment, "en")).toBe("Nov 27, 2026 4:57 PM");
  });

  it("is the same moment in Russian conventions", () => {
    expect(consoleDate(moment, "ru")).toBe("27 нояб. 2026, 16:57");
  });

  it("turns the day at Bali's midnight, not UTC's", () => {
    expect(consoleDate("2026-11-30T16:30:00Z", "en")).toBe("Dec 1, 2026 12:30 AM");
    expect(consoleDate("2026-11-30T16:30:00Z", "ru")).toBe("1 дек. 2026, 00:30");
  });

  it("writes a workshop day the same way, without a time", () => {
    expect(consoleDay("2026-11-27", "en")).toBe("Nov 27, 2026");
    expect(consoleDay("2026-11-27", "ru")).toBe("27 нояб. 2026");
  });

  it("writes the workshop's day of an instant the same way: a quote's last day ends at 23:59 in Bali", () => {
    expect(consoleDayOf("2026-12-13T15:59:59.999Z", "en")).toBe("Dec 13, 2026");
    expect(consoleDayOf("2026-12-13T15:59:59.999Z", "ru")).toBe("13 дек. 2026");
    expect(consoleDayOf("2026-12-13T16:00:00Z", "en")).toBe("Dec 14, 2026");
  });
});
