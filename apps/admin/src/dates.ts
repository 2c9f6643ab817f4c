import { TZDate } from "@date-fns/tz";
import { WORKSHOP_TIME_ZONE, workshopToday } from "@workshop/domain/admin-date.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { format } from "date-fns";
import { ru } from "date-fns/locale/ru";

/**
 * Every date of the console, in the workshop's clock (Bali): SPEC 2.11's `MMM d, yyyy h:mm a` in
 * English (Nov 27, 2026 4:57 PM), the same moment as Russians write it in Russian (27 нояб. 2026, 16:57).
 */
export function consoleDate(value: string | Date, locale: Locale): string {
  const moment = new TZDate(new Date(value).getTime(), WORKSHOP_TIME_ZONE);
  return locale === "ru" ? format(moment, "d MMM yyyy, HH:mm", { locale: ru }) : format(moment, "MMM d, yyyy h:mm a");
}

/** A calendar day of the workshop (YYYY-MM-DD) as the dates above write it: Nov 27, 2026 / 27 нояб. 2026. */
export function consoleDay(day: string, locale: Locale): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const noon = new Date(y, m - 1, d, 12);
  return locale === "ru" ? format(noon, "d MMM yyyy", { locale: ru }) : format(noon, "MMM d, yyyy");
}

/** The workshop's day of an instant (a quote's last valid day, a delivery estimate), written as consoleDay writes days. */
export function consoleDayOf(value: string | Date, locale: Locale): string {
  return consoleDay(workshopToday(new Date(value)), locale);
}
