import { centsToIdr, formatIdr } from "@workshop/domain/money.ts";
import { describe, expect, it } from "vitest";
import { fallbackUsdIdrRate, LAST_RESORT_USD_IDR, parseUsdIdrRate } from "./fx-rate.ts";

describe("centsToIdr", () => {
  it("converts exactly with a two-decimal rate", () => {
    expect(centsToIdr(100, "16777.30")).toBe(16777); // 16777.30 → 16777
    expect(centsToIdr(300_000, "16777.30")).toBe(50_331_900); // $3,000.00
    expect(centsToIdr(18_500, "16777.30")).toBe(3_103_801); // $185.00 → 3,103,800.5 → up
    expect(centsToIdr(1, "16777.30")).toBe(168); // 167.773
    expect(centsToIdr(0, "16777.30")).toBe(0);
    expect(centsToIdr(100, "15000")).toBe(15_000);
    expect(centsToIdr(100, "16777.3")).toBe(16_777);
  });

  it("rounds halves up and everything else to the nearest rupiah", () => {
    expect(centsToIdr(50, "15000.01")).toBe(7_500); // 7500.005 → 7500
    expect(centsToIdr(50, "15000.02")).toBe(7_500); // 7500.01
    expect(centsToIdr(50, "15000.03")).toBe(7_500); // 7500.015
    expect(centsToIdr(5_000, "15000.01")).toBe(750_001); // 750000.5 → up
    expect(centsToIdr(10_000, "16777.35")).toBe(1_677_735);
    expect(centsToIdr(1, "15000.50")).toBe(150); // 150.005
    expect(centsToIdr(3, "16666.67")).toBe(500); // 500.0001
    expect(centsToIdr(1, "15050.00")).toBe(151); // 150.5 → up
    expect(centsToIdr(-1, "15050.00")).toBe(-151); // refunds mirror charges
  });

  it("stays exact where floating point does not", () => {
    // $2.01 at 15050: exactly 30,250.5 → 30,251; Math.round(201 / 100 * 15050) gives 30,250.
    expect(centsToIdr(201, "15050.00")).toBe(30_251);
    expect(Math.round((201 / 100) * 15050)).toBe(30_250);
    expect(centsToIdr(123_456_789, "16777.30")).toBe(20_712_715_861); // 20,712,715,860.897
    expect(centsToIdr(999_999_999_99, "99999.99")).toBe(99_999_989_999_000);
  });

  it("refuses what it cannot convert exactly", () => {
    expect(() => centsToIdr(1.5, "16777.30")).toThrow(RangeError);
    expect(() => centsToIdr(100, "16777.305")).toThrow(RangeError);
    expect(() => centsToIdr(100, "1.6e4")).toThrow(RangeError);
    expect(() => centsToIdr(100, "-15000")).toThrow(RangeError);
    expect(() => centsToIdr(100, "0.00")).toThrow(RangeError);
    expect(() => centsToIdr(Number.MAX_SAFE_INTEGER, "99999.99")).toThrow(RangeError);
  });
});

describe("formatIdr", () => {
  it("groups thousands with dots, as in Indonesian", () => {
    expect(formatIdr(5_000_000)).toBe("Rp 5.000.000");
    expect(formatIdr(50_331_900)).toBe("Rp 50.331.900");
    expect(formatIdr(999)).toBe("Rp 999");
    expect(formatIdr(1_000)).toBe("Rp 1.000");
    expect(formatIdr(0)).toBe("Rp 0");
    expect(formatIdr(-16_777)).toBe("-Rp 16.777");
    expect(formatIdr(centsToIdr(300_000, "16777.30"))).toBe("Rp 50.331.900");
  });
});

describe("the USD to IDR rate's checks", () => {
  it("keeps plausible rates with two decimals, rounded half up", () => {
    expect(parseUsdIdrRate(16777.3)).toBe("16777.30");
    expect(parseUsdIdrRate(16245)).toBe("16245.00");
    expect(parseUsdIdrRate(16245.123456)).toBe("16245.12");
    expect(parseUsdIdrRate(16245.125)).toBe("16245.13");
    expect(parseUsdIdrRate(16245.995)).toBe("16246.00");
    expect(parseUsdIdrRate(" 16777.30 ")).toBe("16777.30");
    expect(parseUsdIdrRate("1000")).toBe("1000.00");
    expect(parseUsdIdrRate("100000")).toBe("100000.00");
  });

  it("refuses anything else", () => {
    const numbers = [0, -16777.3, 16.2, 999.99, 100000.01, 1e21, Number.NaN, Number.POSITIVE_INFINITY];
    const texts = ["", "abc", "16,777.30", "1.6e4", "-16777.30", "16777.30 IDR"];
    for (const value of [...numbers, ...texts]) {
      expect(parseUsdIdrRate(value), String(value)).toBeNull();
    }
  });

  it("falls back to the configured default when valid, else 15000 (SPEC 9)", () => {
    expect(fallbackUsdIdrRate("16777.30")).toBe("16777.30");
    expect(fallbackUsdIdrRate("16500")).toBe("16500.00");
    for (const configured of ["", "abc", "0", "-16777.30", "16,777.30", "Infinity", "NaN", "12"]) {
      expect(fallbackUsdIdrRate(configured), configured).toBe(LAST_RESORT_USD_IDR);
    }
    expect(LAST_RESORT_USD_IDR).toBe("15000.00");
  });
});
