import { workshopToday } from "./admin-date.ts";
import { deliveryOptions, isBusinessDay, isDeliveryOptionId } from "./delivery.ts";
import { momentOfWorkshopDay, openingHours, type WeeklyHours } from "./opening-hours.ts";

/**
 * The making of a hat made for its order (docs/decisions/054-making-stages.md): the stages it
 * passes through in the workshop, each with its usual length in working days, and the dates they
 * give. The stage list itself is the shop's setting (the API keeps it); this module is its rules:
 * the defaults, the limits, and the arithmetic of working days, the estimate and the lateness.
 */

/** One stage as the shop's setting holds it: its names in both languages and its usual length. */
export type MakingStageDefinition = { nameEn: string; nameRu: string; usualDays: number };

/**
 * The stages a shop starts with. Together they take 10 working days, the longest of the making
 * time the shop has always promised for a hat of the collection (SPEC 9: 'crafting 5-10 days'), so
 * dates counted from the stages promise no later than before. Weaving by hand is most of the work;
 * a blocked hat dries on its block for two days; finishing (band, edge) and the check take a day
 * each; Ready is where the making ends and takes no time.
 */
export const defaultMakingStages: readonly MakingStageDefinition[] = [
  { nameEn: "Weaving", nameRu: "Плетение", usualDays: 6 },
  { nameEn: "Blocking", nameRu: "Формовка", usualDays: 2 },
  { nameEn: "Finishing", nameRu: "Отделка", usualDays: 1 },
  { nameEn: "Quality check", nameRu: "Проверка качества", usualDays: 1 },
  { nameEn: "Ready", nameRu: "Готово", usualDays: 0 },
];

/** What the stage list may be: 1 to 12 stages, names of 1 to 40 characters, 0 to 60 working days each. */
export const makingStageLimits = { minStages: 1, maxStages: 12, nameMax: 40, maxDays: 60 } as const;

/** Why an order is made (or worked on) in the workshop. */
export const makingReasons = ["made-to-order", "custom", "adjusting"] as const;
export type MakingReason = (typeof makingReasons)[number];
export const isMakingReason = (value: string): value is MakingReason => (makingReasons as readonly string[]).includes(value);

/** How a stage change went: the making's start, on to the next stage, or back to an earlier one (with a reason). */
export const makingDirections = ["start", "forward", "back"] as const;
export type MakingDirection = (typeof makingDirections)[number];
export const isMakingDirection = (value: string): value is MakingDirection => (makingDirections as readonly string[]).includes(value);

/** A day of the workshop's calendar (Bali), YYYY-MM-DD. */
export type WorkshopDay = string;

/** The workshop's calendar day of a moment. */
export const workshopDayOf = (moment: Date): WorkshopDay => workshopToday(moment);

const DAY = 86_400_000;
const dayNumber = (day: WorkshopDay) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY;
};
const dayText = (n: number): WorkshopDay => new Date(n * DAY).toISOString().slice(0, 10);
const weekdayOf = (n: number) => new Date(n * DAY).getUTCDay();

/** Whether the workshop works on a day: one it opens on (opening-hours.ts: Monday to Saturday). */
export function isWorkingDay(day: WorkshopDay, hours: WeeklyHours = openingHours): boolean {
  return hours[weekdayOf(dayNumber(day))] !== null;
}

/**
 * The `days`-th working day after `day`: the day a piece of work of that many working days begun
 * on `day` is done. The day it begins never counts (it is already under way), closed days are
 * skipped, and 0 days is `day` itself. A hat begun on a Saturday with 2 days is done on Tuesday.
 */
export function addWorkingDays(day: WorkshopDay, days: number, hours: WeeklyHours = openingHours): WorkshopDay {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Working days must be a whole number of at least 0, not ${days}`);
  if (hours.every((h) => h === null)) throw new Error("The workshop's week has no opening hours");
  let n = dayNumber(day);
  for (let left = days; left > 0; ) {
    n += 1;
    if (hours[weekdayOf(n)] !== null) left -= 1;
  }
  return dayText(n);
}

/** The working days after `from` up to and including `to` (0 when `to` is not later): how long a stage has lasted. */
export function workingDaysBetween(from: WorkshopDay, to: WorkshopDay, hours: WeeklyHours = openingHours): number {
  let count = 0;
  for (let n = dayNumber(from) + 1; n <= dayNumber(to); n++) if (hours[weekdayOf(n)] !== null) count += 1;
  return count;
}

/** The calendar days after `from` up to `to` (0 when `to` is not later). */
export function calendarDaysBetween(from: WorkshopDay, to: WorkshopDay): number {
  return Math.max(0, dayNumber(to) - dayNumber(from));
}

/** The `days`-th carrier's business day (Monday to Friday, delivery.ts) after `day`. */
function addCarrierDays(day: WorkshopDay, days: number): WorkshopDay {
  let n = dayNumber(day);
  for (let left = days; left > 0; ) {
    n += 1;
    if (isBusinessDay(weekdayOf(n))) left -= 1;
  }
  return dayText(n);
}

/** The usual making time of a made-to-order hat: the sum of its stages' usual working days. */
export function usualMakingDays(stages: readonly { usualDays: number }[]): number {
  return stages.reduce((sum, stage) => sum + stage.usualDays, 0);
}

/** The day a made-to-order hat paid at `paidAt` is usually ready: its usual making time in working days. */
export function readyDayAfter(paidAt: Date, stages: readonly { usualDays: number }[], hours: WeeklyHours = openingHours): WorkshopDay {
  return addWorkingDays(workshopDayOf(paidAt), usualMakingDays(stages), hours);
}

/**
 * When a hat ready on `ready` arrives by a delivery option: the carrier's business days after it
 * (its longest, for a promise), or `ready` itself for pickup or an option the shop no longer has.
 */
export function deliveryDayAfterReady(ready: WorkshopDay, deliveryOption: string, longest = true): WorkshopDay {
  const carrier = isDeliveryOptionId(deliveryOption) ? deliveryOptions[deliveryOption].carrierDays : null;
  return carrier ? addCarrierDays(ready, longest ? carrier.max : carrier.min) : ready;
}

/**
 * A made-to-order hat's delivery window, for the checkout and the product page: its usual making
 * time in the workshop's working days, then the carrier's business days (the shortest and the
 * longest), as moments at noon of those days so delivery.ts's `deliveryDays` writes them.
 */
export function madeToOrderWindow(
  deliveryOption: string,
  paidAt: Date,
  stages: readonly { usualDays: number }[],
  hours: WeeklyHours = openingHours,
): { ready: WorkshopDay; earliest: Date; latest: Date } {
  const ready = readyDayAfter(paidAt, stages, hours);
  return {
    ready,
    earliest: momentOfWorkshopDay(deliveryDayAfterReady(ready, deliveryOption, false)),
    latest: momentOfWorkshopDay(deliveryDayAfterReady(ready, deliveryOption, true)),
  };
}

/** Where an order's making stands: the stage list in its order, the stage it is in and since when, and whether it reached the last. */
export type MakingPosition = {
  stages: readonly { id: number; usualDays: number }[];
  currentStageId: number;
  since: Date;
  /** When it reached the last stage (Ready), else null. */
  endedAt: Date | null;
};

/**
 * The day the hat should be ready: the day it reached the last stage once it did; else the current
 * stage's end (its start plus its usual days, or today when it has run over) plus the usual days of
 * every stage still to come. Null when the order's stage is no longer in the list.
 */
export function estimatedReadyDay(position: MakingPosition, now: Date = new Date(), hours: WeeklyHours = openingHours): WorkshopDay | null {
  if (position.endedAt) return workshopDayOf(position.endedAt);
  const index = position.stages.findIndex((stage) => stage.id === position.currentStageId);
  if (index < 0) return null;
  const today = workshopDayOf(now);
  const planned = addWorkingDays(workshopDayOf(position.since), position.stages[index]!.usualDays, hours);
  const stageEnds = dayText(Math.max(dayNumber(planned), dayNumber(today)));
  return addWorkingDays(stageEnds, usualMakingDays(position.stages.slice(index + 1)), hours);
}

/**
 * Whether an order is late: the hat, ready on `ready`, would arrive (the carrier's longest time
 * after) later than the delivery day promised at checkout. An order promised nothing is never late.
 */
export function isLate(ready: WorkshopDay | null, promisedDeliveryDay: WorkshopDay | null, deliveryOption: string): boolean {
  if (!ready || !promisedDeliveryDay) return false;
  return deliveryDayAfterReady(ready, deliveryOption) > promisedDeliveryDay;
}
