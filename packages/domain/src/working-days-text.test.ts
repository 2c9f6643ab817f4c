import { describe, expect, it } from "vitest";
import { workingDaysText } from "./working-days-text.ts";

describe("a span of working days in words", () => {
  it("takes each language's plural form", () => {
    expect([1, 2, 10].map((n) => workingDaysText(n, "en"))).toEqual(["1 working day", "2 working days", "10 working days"]);
    expect([1, 3, 5, 10, 21, 22].map((n) => workingDaysText(n, "ru"))).toEqual([
      "1 рабочий день",
      "3 рабочих дня",
      "5 рабочих дней",
      "10 рабочих дней",
      "21 рабочий день",
      "22 рабочих дня",
    ]);
  });
});
