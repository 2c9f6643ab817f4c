import type { Locale } from "./locale.ts";

const SHOP_TIME_ZONE = "Asia/Makassar";

// One format per language: making one costs far more than formatting with it.
const orderDateFormats = new Map<Locale, Intl.DateTimeFormat>();
function orderDateFormat(locale: Locale): Intl.DateTimeFormat {
  let format = orderDateFormats.get(locale);
  if (!format) {
    format =
      locale === "en"
        ? new Intl.DateTimeFormat("en-US", {
            timeZone: SHOP_TIME_ZONE,
            month: "short",
            day: "numeric",
            year: "numeric",
            hour: "numeric",
            minute: "2-digit",
            hour12: true,
          })
        : new Intl.DateTimeFormat(locale, {
            timeZone: SHOP_TIME_ZONE,
            day: "numeric",
            month: "short",
            year: "numeric",
            hour: "2-digit",
            minute: "2-digit",
          });
    orderDateFormats.set(locale, format);
  }
  return format;
}

/**
 * A moment of an order as the customer's pages show it: 'MMM d, yyyy h:mm a' (SPEC 9) in English,
 * the language's own short form otherwise, always in Bali time. Formatted on the server, so a page
 * reads the same before and after hydration.
 */
export function formatOrderDate(date: Date, locale: Locale): string {
  const format = orderDateFormat(locale);
  if (locale !== "en") return format.format(date);
  const p = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod}`;
}
