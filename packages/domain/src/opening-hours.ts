import { WORKSHOP_TIME_ZONE } from "./admin-date.ts";

/** A time of day on the workshop's clock, 24-hour: "9:00", "17:00". */
type ClockTime = `${number}:${number}`;
/** When the workshop opens and closes on a day of the week; null: closed all day. */
export type DayHours = { opens: ClockTime; closes: ClockTime } | null;
/** A week of opening hours, Sunday first (as Date#getDay counts), in the workshop's time zone. */
export type WeeklyHours = readonly [DayHours, DayHours, DayHours, DayHours, DayHours, DayHours, DayHours];

const workday: DayHours = { opens: "9:00", closes: "17:00" };

/**
 * The workshop's opening hours (SPEC 2.5 and 9: Monday to Saturday 9am to 5pm, Sunday closed), in
 * Bali time. The one source of every page and e-mail that states them, and of every deadline and
 * ready date a customer meets in person (cash-payment-deadline.ts).
 */
export const openingHours: WeeklyHours = [null, workday, workday, workday, workday, workday, workday];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Minutes after midnight of a clock time: "17:00" → 1020. */
export function minutesOf(time: ClockTime): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

// Made on first use, not when a page loads the module: a browser's first Intl object costs milliseconds.
let clockParts: Intl.DateTimeFormat | undefined;

/** How far the workshop's clock is ahead of UTC at `moment` (ms since the epoch). */
function zoneOffset(moment: number): number {
  clockParts ??= new Intl.DateTimeFormat("en-US", {
    timeZone: WORKSHOP_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const p = Object.fromEntries(clockParts.formatToParts(moment).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(moment / 1000) * 1000;
}

/** The workshop's wall clock at `moment`, as a UTC time whose fields read as Bali time. */
const toWall = (moment: number) => moment + zoneOffset(moment);
/** The moment the workshop's wall clock shows `wall` (Bali keeps one offset all year). */
const fromWall = (wall: number) => wall - zoneOffset(wall - zoneOffset(wall));

/**
 * The moment the workshop's clock shows `time` on the calendar day `day` (YYYY-MM-DD, the
 * workshop's calendar), e.g. noon of a ready day: making-stages.ts counts in such days.
 */
export function momentOfWorkshopDay(day: string, time: ClockTime = "12:00"): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(fromWall(Date.UTC(y, m - 1, d) + minutesOf(time) * MINUTE));
}

/** The hours of the workshop's day that `wall` falls in, with that day's midnight. */
function dayOf(wall: number, hours: WeeklyHours): { midnight: number; hours: DayHours } {
  const midnight = wall - (((wall % DAY) + DAY) % DAY);
  return { midnight, hours: hours[new Date(midnight).getUTCDay()] ?? null };
}

/** Whether the workshop opens at all on the (Bali) day of `moment`. */
export function isOpenDay(moment: Date, hours: WeeklyHours = openingHours): boolean {
  return dayOf(toWall(moment.getTime()), hours).hours !== null;
}

/** Whether the workshop is open at `moment`: from opening time to closing time, both included. */
export function isWithinOpeningHours(moment: Date, hours: WeeklyHours = openingHours): boolean {
  const wall = toWall(moment.getTime());
  const day = dayOf(wall, hours);
  if (!day.hours) return false;
  const minute = (wall - day.midnight) / MINUTE;
  return minute >= minutesOf(day.hours.opens) && minute <= minutesOf(day.hours.closes);
}

/** The closing time of the workshop's day `days` days after the one of `wall` (null: closed). */
function closingOf(wall: number, days: number, hours: WeeklyHours): number | null {
  const day = dayOf(wall + days * DAY, hours);
  return day.hours && fromWall(day.midnight + minutesOf(day.hours.closes) * MINUTE);
}

/** The first closing time at or after `moment`. */
export function closingTimeAtOrAfter(moment: Date, hours: WeeklyHours = openingHours): Date {
  const wall = toWall(moment.getTime());
  for (let days = 0; days <= 7; days++) {
    const closing = closingOf(wall, days, hours);
    if (closing !== null && closing >= moment.getTime()) return new Date(closing);
  }
  throw new Error("The workshop's week has no opening hours");
}

/** The last closing time at or before `moment`. */
export function closingTimeAtOrBefore(moment: Date, hours: WeeklyHours = openingHours): Date {
  const wall = toWall(moment.getTime());
  for (let days = 0; days >= -7; days--) {
    const closing = closingOf(wall, days, hours);
    if (closing !== null && closing <= moment.getTime()) return new Date(closing);
  }
  throw new Error("The workshop's week has no opening hours");
}
