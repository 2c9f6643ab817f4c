import { type Translate, translator } from "./i18n/core.ts";
import { openingHoursTexts } from "./i18n/opening-hours.ts";
import type { Locale } from "./locale.ts";
import { type DayHours, minutesOf, openingHours, type WeeklyHours } from "./opening-hours.ts";

/** One row of the opening hours as pages show them: { days: 'Monday - Saturday', times: '9am - 5pm' }. */
export type OpeningHoursRow = { days: string; times: string; open: boolean };

/** The week as the shop writes it: Monday first. */
const weekFromMonday = [1, 2, 3, 4, 5, 6, 0] as const;

const sameHours = (a: DayHours, b: DayHours) => a?.opens === b?.opens && a?.closes === b?.closes;
const upperFirst = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A clock time as the language writes it: '9am', '5:30pm' in English, '9:00', '17:30' in Russian. */
function clock(minutes: number, locale: Locale): string {
  const hour = Math.floor(minutes / 60);
  const minute = String(minutes % 60).padStart(2, "0");
  if (locale !== "en") return `${hour}:${minute}`;
  const hour12 = hour % 12 || 12;
  return `${hour12}${minute === "00" ? "" : `:${minute}`}${hour < 12 ? "am" : "pm"}`;
}

/** The days with their hours, days of the same hours in a row grouped ('Monday - Saturday'), as written inside a sentence. */
function groups(locale: Locale, hours: WeeklyHours): OpeningHoursRow[] {
  const t = translator(openingHoursTexts, locale);
  const rows: OpeningHoursRow[] = [];
  let start = 0;
  while (start < weekFromMonday.length) {
    const day = hours[weekFromMonday[start]!];
    let end = start;
    while (end + 1 < weekFromMonday.length && sameHours(hours[weekFromMonday[end + 1]!], day)) end++;
    const first = t(`day.${weekFromMonday[start]!}`);
    const days = end === start ? first : t("days", { first, last: t(`day.${weekFromMonday[end]!}`) });
    const times = day
      ? t("times", { opens: clock(minutesOf(day.opens), locale), closes: clock(minutesOf(day.closes), locale) })
      : t("closed");
    rows.push({ days, times, open: day !== null });
    start = end + 1;
  }
  return rows;
}

/** 'Monday - Saturday, 9am - 5pm' or 'Sunday: closed'. */
function line(t: Translate<keyof (typeof openingHoursTexts)["en"]>, { days, times, open }: OpeningHoursRow): string {
  return open ? t("line.open", { days, times }) : t("line.closed", { days });
}

/** The opening hours as a table's rows: 'Monday - Saturday' | '9am - 5pm', 'Sunday' | 'Closed'. */
export function openingHoursRows(locale: Locale, hours: WeeklyHours = openingHours): OpeningHoursRow[] {
  return groups(locale, hours).map((row) => ({ ...row, days: upperFirst(row.days) }));
}

/** The opening hours as lines: 'Monday - Saturday, 9am - 5pm', 'Sunday: closed' (SPEC 2.5). */
export function openingHoursLines(locale: Locale, hours: WeeklyHours = openingHours): string[] {
  const t = translator(openingHoursTexts, locale);
  return groups(locale, hours).map((row) => upperFirst(line(t, row)));
}

/** The opening hours inside a sentence: 'Monday - Saturday, 9am - 5pm; Sunday: closed'. */
export function openingHoursText(locale: Locale, hours: WeeklyHours = openingHours): string {
  const t = translator(openingHoursTexts, locale);
  return groups(locale, hours)
    .map((row) => line(t, row))
    .join("; ");
}
