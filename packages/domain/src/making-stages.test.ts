import { describe, expect, it } from "vitest";
import { formatDeliveryDay } from "./delivery.ts";
import {
  addWorkingDays,
  calendarDaysBetween,
  defaultMakingStages,
  deliveryDayAfterReady,
  estimatedReadyDay,
  isLate,
  isWorkingDay,
  madeToOrderWindow,
  makingStageLimits,
  readyDayAfter,
  usualMakingDays,
  workingDaysBetween,
  workshopDayOf,
} from "./making-stages.ts";
import { momentOfWorkshopDay, type WeeklyHours } from "./opening-hours.ts";

const bali = (local: string) => new Date(`${local}+08:00`);
// December 2026: Saturday the 5th, Sunday the 6th, Monday the 7th.
const SATURDAY = "2026-12-05";
const SUNDAY = "2026-12-06";
const stages = defaultMakingStages.map((stage, i) => ({ id: i + 1, usualDays: stage.usualDays }));

describe("the default making stages", () => {
  it("are Weaving, Blocking, Finishing, Quality check and Ready, in English and Russian, within the limits", () => {
    expect(defaultMakingStages.map((s) => s.nameEn)).toEqual(["Weaving", "Blocking", "Finishing", "Quality check", "Ready"]);
    expect(defaultMakingStages.map((s) => s.nameRu)).toEqual(["Плетение", "Формовка", "Отделка", "Проверка качества", "Готово"]);
    expect(defaultMakingStages.length).toBeLessThanOrEqual(makingStageLimits.maxStages);
    for (const stage of defaultMakingStages) {
      expect(stage.nameEn.length).toBeLessThanOrEqual(makingStageLimits.nameMax);
      expect(stage.nameRu.length).toBeLessThanOrEqual(makingStageLimits.nameMax);
      expect(Number.isInteger(stage.usualDays) && stage.usualDays <= makingStageLimits.maxDays).toBe(true);
    }
  });

  it("make a hat in 10 working days, the longest of SPEC 9's 'crafting 5-10 days', with Ready taking none", () => {
    expect(usualMakingDays(defaultMakingStages)).toBe(10);
    expect(defaultMakingStages.at(-1)).toMatchObject({ nameEn: "Ready", usualDays: 0 });
  });
});

describe("working days, in the workshop's opening days (closed on Sundays)", () => {
  it("are Monday to Saturday", () => {
    expect(isWorkingDay(SATURDAY)).toBe(true);
    expect(isWorkingDay(SUNDAY)).toBe(false);
    expect(isWorkingDay("2026-12-07")).toBe(true);
  });

  it("count from the day after the work begins, skipping Sundays", () => {
    expect(addWorkingDays(SATURDAY, 0)).toBe(SATURDAY);
    expect(addWorkingDays(SATURDAY, 1)).toBe("2026-12-07");
    expect(addWorkingDays(SATURDAY, 2)).toBe("2026-12-08");
    expect(addWorkingDays(SATURDAY, 6)).toBe("2026-12-12");
    expect(addWorkingDays(SATURDAY, 7)).toBe("2026-12-14");
    // Begun on the closed Sunday, the first working day is Monday, as from Saturday.
    expect(addWorkingDays(SUNDAY, 1)).toBe("2026-12-07");
    // Across a month and a year.
    expect(addWorkingDays("2026-12-30", 3)).toBe("2027-01-02");
  });

  it("never end on a Sunday, from any day of four weeks and any length", () => {
    for (let start = 0; start < 28; start++) {
      const day = workshopDayOf(new Date(bali("2026-11-30T12:00:00").getTime() + start * 86_400_000));
      for (let days = 1; days <= 20; days++) expect(isWorkingDay(addWorkingDays(day, days))).toBe(true);
    }
  });

  it("follow the opening hours they are given (a shop closed on Saturdays too)", () => {
    const weekdays: WeeklyHours = [null, ...Array(5).fill({ opens: "9:00", closes: "17:00" }), null] as unknown as WeeklyHours;
    expect(addWorkingDays("2026-12-04", 1, weekdays)).toBe("2026-12-07");
    expect(workingDaysBetween("2026-12-04", "2026-12-07", weekdays)).toBe(1);
    expect(() => addWorkingDays(SATURDAY, 1, [null, null, null, null, null, null, null])).toThrow(/no opening hours/);
    expect(() => addWorkingDays(SATURDAY, -1)).toThrow(RangeError);
  });

  it("measure how long a stage has lasted, beside the calendar days", () => {
    expect(workingDaysBetween(SATURDAY, SATURDAY)).toBe(0);
    expect(workingDaysBetween(SATURDAY, "2026-12-07")).toBe(1);
    expect(calendarDaysBetween(SATURDAY, "2026-12-07")).toBe(2);
    expect(workingDaysBetween("2026-12-07", SATURDAY)).toBe(0);
  });

  it("are counted on Bali's calendar: 1:30 am on Sunday in Bali is still Saturday in UTC", () => {
    expect(workshopDayOf(new Date("2026-12-05T17:30:00Z"))).toBe(SUNDAY);
    expect(momentOfWorkshopDay(SATURDAY)).toEqual(new Date("2026-12-05T04:00:00Z"));
  });
});

describe("a made-to-order hat's dates", () => {
  it("ordered and paid on a Saturday: ready after 10 working days with no Sunday among them", () => {
    const paid = bali("2026-12-05T10:00:00");
    expect(readyDayAfter(paid, defaultMakingStages)).toBe("2026-12-17");
    // Paid on Sunday (the shop closed), it is ready the same day; paid on Friday, a day sooner.
    expect(readyDayAfter(bali("2026-12-06T10:00:00"), defaultMakingStages)).toBe("2026-12-17");
    expect(readyDayAfter(bali("2026-12-04T16:00:00"), defaultMakingStages)).toBe("2026-12-16");
  });

  it("arrive after the making and then the carrier's business days (Monday to Friday)", () => {
    const window = madeToOrderWindow("DHL", bali("2026-12-05T10:00:00"), defaultMakingStages);
    expect(window.ready).toBe("2026-12-17");
    expect(formatDeliveryDay(window.earliest, "en")).toBe("Thu, Dec 24");
    expect(formatDeliveryDay(window.latest, "en")).toBe("Mon, Dec 28");
    const pickup = madeToOrderWindow("PICKUP", bali("2026-12-05T10:00:00"), defaultMakingStages);
    expect([workshopDayOf(pickup.earliest), workshopDayOf(pickup.latest)]).toEqual(["2026-12-17", "2026-12-17"]);
    expect(deliveryDayAfterReady("2026-12-17", "LION_PARCEL")).toBe("2026-12-22");
    expect(deliveryDayAfterReady("2026-12-17", "NO_SUCH_OPTION")).toBe("2026-12-17");
  });

  it("are estimated from the current stage, when it began and the stages still to come", () => {
    const weaving = { stages, currentStageId: 1, since: bali("2026-12-05T10:00:00"), endedAt: null };
    // Just begun: the usual making time from the start.
    expect(estimatedReadyDay(weaving, bali("2026-12-05T11:00:00"))).toBe("2026-12-17");
    // In Blocking since Monday the 14th: two days of it, then Finishing and the check.
    const blocking = { ...weaving, currentStageId: 2, since: bali("2026-12-14T09:00:00") };
    expect(estimatedReadyDay(blocking, bali("2026-12-15T09:00:00"))).toBe("2026-12-18");
    // Weaving ran over (it was due on the 12th): it ends today at the soonest, and the rest follows.
    expect(estimatedReadyDay(weaving, bali("2026-12-16T09:00:00"))).toBe("2026-12-21");
    // Ready: the day it got there.
    expect(estimatedReadyDay({ ...weaving, currentStageId: 5, endedAt: bali("2026-12-15T16:00:00") })).toBe("2026-12-15");
    expect(estimatedReadyDay({ ...weaving, currentStageId: 99 })).toBeNull();
  });

  it("are late when the hat would arrive after the day promised at checkout", () => {
    expect(isLate("2026-12-17", "2026-12-28", "DHL")).toBe(false);
    expect(isLate("2026-12-17", "2026-12-24", "DHL")).toBe(true);
    expect(isLate("2026-12-17", "2026-12-17", "PICKUP")).toBe(false);
    expect(isLate("2026-12-18", "2026-12-17", "PICKUP")).toBe(true);
    expect(isLate("2026-12-18", null, "PICKUP")).toBe(false);
    expect(isLate(null, "2026-12-17", "PICKUP")).toBe(false);
  });
});
