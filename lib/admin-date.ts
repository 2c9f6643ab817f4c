import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { ru } from "date-fns/locale/ru";
import type { Locale } from "./locale.ts";

/** The workshop's clock (Bali): every date in the admin is shown in it. */
export const WORKSHOP_TIME_ZONE = "Asia/Makassar";

/** A date as the admin shows it (SPEC 2.11: 'MMM d, yyyy h:mm a'), in the workshop's time zone. */
export function adminDate(value: Date | string | number, locale: Locale = "en"): string {
  const date = new TZDate(new Date(value).getTime(), WORKSHOP_TIME_ZONE);
  return format(date, "MMM d, yyyy h:mm a", locale === "ru" ? { locale: ru } : undefined);
}
