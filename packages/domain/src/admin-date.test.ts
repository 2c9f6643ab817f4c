import { describe, expect, it } from "vitest";
import { adminDate } from "./admin-date.ts";

describe("admin dates", () => {
  it("read 'MMM d, yyyy h:mm a' in the workshop's time zone (UTC+8)", () => {
    expect(adminDate("2026-11-24T10:30:00Z")).toBe("Nov 24, 2026 6:30 PM");
    expect(adminDate("2026-12-31T16:05:00Z")).toBe("Jan 1, 2027 12:05 AM");
    expect(adminDate(new Date("2026-03-02T01:00:00Z"))).toBe("Mar 2, 2026 9:00 AM");
  });

  it("use Russian month names in the Russian admin", () => {
    expect(adminDate("2026-11-24T10:30:00Z", "ru")).toMatch(/^нояб\.? 24, 2026 6:30 (PM|ПП)$/);
  });
});
