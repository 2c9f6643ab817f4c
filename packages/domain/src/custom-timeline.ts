import { productionTimeText } from "./custom-quote.ts";
import type { Locale } from "./locale.ts";

/** SPEC 5's timeline choices that are no production time (those are worded by productionTimeText). */
const otherTimelines: Record<string, Record<Locale, string>> = {
  "1-2 months": { en: "1–2 months", ru: "1–2 месяца" },
  Flexible: { en: "Flexible", ru: "Без спешки" },
};

/** A custom request's timeline in the reader's language ('3-4 weeks' → '3–4 недели'); anything else as the customer sent it. */
export function timelineText(timeline: string, locale: Locale): string {
  return Object.hasOwn(otherTimelines, timeline) ? otherTimelines[timeline]![locale] : productionTimeText(timeline, locale);
}
