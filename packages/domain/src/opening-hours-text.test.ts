import { describe, expect, it } from "vitest";
import type { WeeklyHours } from "./opening-hours.ts";
import { openingHoursLines, openingHoursRows, openingHoursText } from "./opening-hours-text.ts";

describe("the opening hours in words", () => {
  it("in English: the SPEC's 'Monday - Saturday, 9am - 5pm', Sunday closed", () => {
    expect(openingHoursLines("en")).toEqual(["Monday - Saturday, 9am - 5pm", "Sunday: closed"]);
    expect(openingHoursRows("en")).toEqual([
      { days: "Monday - Saturday", times: "9am - 5pm", open: true },
      { days: "Sunday", times: "Closed", open: false },
    ]);
    expect(openingHoursText("en")).toBe("Monday - Saturday, 9am - 5pm; Sunday: closed");
  });

  it("in Russian: 24-hour times, day names in lower case inside a sentence", () => {
    expect(openingHoursLines("ru")).toEqual(["Понедельник - суббота, 9:00 - 17:00", "Воскресенье: выходной"]);
    expect(openingHoursRows("ru")).toEqual([
      { days: "Понедельник - суббота", times: "9:00 - 17:00", open: true },
      { days: "Воскресенье", times: "Выходной", open: false },
    ]);
    expect(openingHoursText("ru")).toBe("понедельник - суббота, 9:00 - 17:00; воскресенье: выходной");
  });

  it("groups only days in a row with the same hours, and writes minutes and noon", () => {
    const long = { opens: "9:00", closes: "17:00" } as const;
    const short = { opens: "10:30", closes: "12:00" } as const;
    const hours: WeeklyHours = [short, long, null, long, long, long, short];
    expect(openingHoursLines("en", hours)).toEqual([
      "Monday, 9am - 5pm",
      "Tuesday: closed",
      "Wednesday - Friday, 9am - 5pm",
      "Saturday - Sunday, 10:30am - 12pm",
    ]);
    expect(openingHoursLines("ru", hours)[3]).toBe("Суббота - воскресенье, 10:30 - 12:00");
  });
});
