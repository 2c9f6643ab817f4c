import { describe, expect, it } from "vitest";
import { formatCardPrice, formatUsd } from "./money.ts";

describe("money", () => {
  it("shows card prices in whole dollars, with the cents of a price that has them", () => {
    expect(formatCardPrice(18500)).toBe("$185 USD");
    expect(formatCardPrice(8950)).toBe("$89.50 USD");
    expect(formatCardPrice(123449)).toBe("$1,234.49 USD");
    expect(formatCardPrice(123400)).toBe("$1,234 USD");
  });
  it("shows exact prices with two decimals", () => {
    expect(formatUsd(3000)).toBe("$30.00");
    expect(formatUsd(1150)).toBe("$11.50");
    expect(formatUsd(5)).toBe("$0.05");
  });
});
