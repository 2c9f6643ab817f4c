import { describe, expect, it } from "vitest";
import { normalizeStaffEmail } from "./staff.ts";

describe("staff e-mails", () => {
  it("are trimmed and lower-cased; a one-label domain is allowed", () => {
    expect(normalizeStaffEmail("  Wayan@Workshop.test ")).toBe("wayan@workshop.test");
    expect(normalizeStaffEmail("Owner-3f9a1c2b7d4e@localhost")).toBe("owner-3f9a1c2b7d4e@localhost");
    expect(normalizeStaffEmail("o'brien+admin@shop.example")).toBe("o'brien+admin@shop.example");
  });

  it("refuse control, invisible and look-alike characters, so two accounts never read the same", () => {
    for (const bad of [
      "n\u0000ul@example.com",
      "be\u0007ll@example.com",
      "evil\u202e@example.com",
      "zero\u200bwidth@example.com",
      "wаyan@example.com",
      "a b@example.com",
      "a@b@example.com",
      "@example.com",
      "x@-bad.com",
    ]) {
      expect(normalizeStaffEmail(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
