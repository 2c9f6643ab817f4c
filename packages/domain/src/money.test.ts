import { describe, expect, it } from "vitest";
import { formatUsd, formatUsdWhole } from "./money.ts";

describe("money", () => {
  it("shows card prices rounded to whole dollars", () => {
    expect(formatUsdWhole(18500)).toBe("$185 USD");
    expect(formatUsdWhole(8950)).toBe("$90 USD");
    expect(formatUsdWhole(123449)).toBe("$1,234 USD");
  });
  it("shows exact prices with two decimals", () => {
    expect(formatUsd(3000)).toBe("$30.00");
    expect(formatUsd(1150)).toBe("$11.50");
    expect(formatUsd(5)).toBe("$0.05");
  });
});
