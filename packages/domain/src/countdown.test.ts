import { describe, expect, it } from "vitest";
import { formatMmSs, formatTimeLeft, secondsUntil, timeLeftParts } from "./countdown.ts";

describe("formatMmSs", () => {
  it("pads minutes and seconds", () => {
    expect(formatMmSs(600)).toBe("10:00");
    expect(formatMmSs(599)).toBe("09:59");
    expect(formatMmSs(61)).toBe("01:01");
    expect(formatMmSs(5)).toBe("00:05");
  });
  it("is never negative and drops fractions", () => {
    expect(formatMmSs(0)).toBe("00:00");
    expect(formatMmSs(-3)).toBe("00:00");
    expect(formatMmSs(Number.NaN)).toBe("00:00");
    expect(formatMmSs(59.9)).toBe("00:59");
  });
  it("lets minutes pass an hour", () => {
    expect(formatMmSs(3600)).toBe("60:00");
  });
});

describe("formatTimeLeft", () => {
  it("shows hours and minutes from an hour up", () => {
    expect(formatTimeLeft(86_400)).toBe("24h 0m");
    expect(formatTimeLeft(3600)).toBe("1h 0m");
    expect(formatTimeLeft(5 * 3600 + 7 * 60 + 42)).toBe("5h 7m");
  });
  it("shows minutes and seconds under an hour", () => {
    expect(formatTimeLeft(3599)).toBe("59m 59s");
    expect(formatTimeLeft(60)).toBe("1m 0s");
  });
  it("shows seconds under a minute, never negative", () => {
    expect(formatTimeLeft(59)).toBe("59s");
    expect(formatTimeLeft(0)).toBe("0s");
    expect(formatTimeLeft(-10)).toBe("0s");
  });
  it("gives the parts for translated labels", () => {
    expect(timeLeftParts(3725)).toEqual({ unit: "hm", h: 1, m: 2 });
    expect(timeLeftParts(125)).toEqual({ unit: "ms", m: 2, s: 5 });
    expect(timeLeftParts(7)).toEqual({ unit: "s", s: 7 });
  });
});

describe("secondsUntil", () => {
  const now = Date.parse("2025-03-01T10:00:00Z");
  it("counts whole seconds to the expiry, rounding up", () => {
    expect(secondsUntil("2025-03-01T11:00:00Z", now)).toBe(3600);
    expect(secondsUntil("2025-03-01T10:00:00.200Z", now)).toBe(1);
    expect(secondsUntil("2025-03-01T18:00:00+08:00", now)).toBe(0);
  });
  it("is 0 once the expiry has passed", () => {
    expect(secondsUntil("2025-03-01T09:00:00Z", now)).toBe(0);
  });
  it("falls back to 24 hours, or the given value, when the expiry is unknown", () => {
    expect(secondsUntil(null, now)).toBe(86_400);
    expect(secondsUntil(undefined, now)).toBe(86_400);
    expect(secondsUntil("not a date", now)).toBe(86_400);
    expect(secondsUntil(null, now, 600)).toBe(600);
    expect(secondsUntil(null, now, -5)).toBe(0);
  });
});
