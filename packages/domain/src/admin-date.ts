import type { Locale } from "./locale.ts";

/** The workshop's clock (Bali): every date in the admin is shown in it. */
export const WORKSHOP_TIME_ZONE = "Asia/Makassar";

// Made on first use, not when a page loads the module: a browser's first Intl object costs milliseconds.
let dayFormat: Intl.DateTimeFormat | undefined;

/** Today's date in the workshop's zone (or the day of `now`), as yyyy-mm-dd. */
export function workshopToday(now: Date = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat("en-CA", { timeZone: WORKSHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  return dayFormat.format(now);
}

const formats = new Map<Locale, Intl.DateTimeFormat>();
function formatFor(locale: Locale): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "ru" ? "ru-RU" : "en-US", {
      timeZone: WORKSHOP_TIME_ZONE,
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    });
    formats.set(locale, format);
  }
  return format;
}

/**
 * A date as the admin shows it (SPEC 2.11: 'MMM d, yyyy h:mm a', e.g. 'Nov 24, 2026 6:30 PM'), in
 * the workshop's time zone; Russian month names in the Russian admin. Built from Intl's parts, so
 * pages carry no date library.
 */
export function adminDate(value: Date | string | number, locale: Locale = "en"): string {
  const parts = Object.fromEntries(
    formatFor(locale)
      .formatToParts(new Date(value))
      .map((p) => [p.type, p.value]),
  );
  const period = (parts.dayPeriod ?? "").toUpperCase();
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute} ${period}`.trim();
}
