import { z } from "zod";
import { WORKSHOP_TIME_ZONE } from "./admin-date.ts";
import { businessDaysPerWeek, type DayRange } from "./delivery.ts";
import { plainText } from "./validation/fields.ts";

/**
 * Quotes for custom hats (docs/decisions/026-custom-quotes.md): the rules the staff form, the
 * server and the customer's pages share.
 */

/** SPEC 9: production times of a custom hat. */
export const productionTimes = ["1-2 weeks", "3-4 weeks", "4-6 weeks"] as const;
type ProductionTime = (typeof productionTimes)[number];
const isProductionTime = (value: string): value is ProductionTime => (productionTimes as readonly string[]).includes(value);

/** A production time's weeks, the shortest and the longest. */
const productionWeeks: Record<ProductionTime, DayRange> = {
  "1-2 weeks": { min: 1, max: 2 },
  "3-4 weeks": { min: 3, max: 4 },
  "4-6 weeks": { min: 4, max: 6 },
};

/**
 * How long a custom hat takes to make, in the workshop's business days (each week of its
 * production time is a week of business days), counted as a catalogue hat's making is
 * (delivery.ts). An unknown value takes the longest: never promise a hat too early.
 */
export function productionDays(time: string): DayRange {
  const weeks = isProductionTime(time) ? productionWeeks[time] : productionWeeks["4-6 weeks"];
  return { min: weeks.min * businessDaysPerWeek, max: weeks.max * businessDaysPerWeek };
}

/**
 * The production time a request asked for with its timeline (SPEC 5's choices), as a quote's
 * default: '1-2 months' is the longest production time, which lies within it; 'Flexible' asks
 * for none (null).
 */
export function productionTimeOfTimeline(timeline: string): ProductionTime | null {
  return timeline === "1-2 months" ? "4-6 weeks" : isProductionTime(timeline) ? timeline : null;
}

/** SPEC 9: 'Up to two revision rounds': the first quote and two revisions, each kept. */
export const MAX_QUOTE_VERSIONS = 3;

/** SPEC 9: 'Custom deposit 50%'. */
export const DEPOSIT_PERCENT = 50;

/**
 * The deposit of a quoted price, in whole US cents: half, rounded up (ceil) when the price has an
 * odd number of cents — the workshop never asks less than half up front, and the balance is the
 * exact rest (price − deposit), so the two always add up to the price.
 */
export function depositCents(priceCents: number): number {
  return Math.ceil(priceCents / 2);
}

/** A quote's private link secret: 192 random bits, base64url. */
export const quoteTokenPattern = /^[A-Za-z0-9_-]{32}$/;

/** What a customer can do with a quote now: the page shows it and refuses with its reason. */
export const quoteStates = ["open", "accepted", "expired", "withdrawn", "superseded"] as const;
export type QuoteState = (typeof quoteStates)[number];

/** A quote's state at `now`: expiry is read from valid_until (the end of its last day). */
export function quoteState(quote: { status: string; validUntil: Date }, now = new Date()): QuoteState {
  if (quote.status === "WITHDRAWN") return "withdrawn";
  if (quote.status === "SUPERSEDED") return "superseded";
  if (quote.status === "ACCEPTED") return "accepted";
  return quote.validUntil.getTime() < now.getTime() ? "expired" : "open";
}

const MAX_PRICE_CENTS = 10_000_000;
const quoteDescriptionMax = 4000;

const quoteErrors = {
  required: "required",
  tooLong: "tooLong",
  characters: "characters",
  price: "price",
  productionTime: "productionTime",
  validUntil: "validUntil",
} as const;

/** The staff quote form: price in USD (decimal text), description, production time, valid until (a date). */
export const quoteFormSchema = z.object({
  price: z
    .string({ error: quoteErrors.price })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: quoteErrors.price })
    .transform((text) => {
      const [whole, fraction = ""] = text.split(".");
      return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    })
    .refine((cents) => cents >= 100 && cents <= MAX_PRICE_CENTS, { error: quoteErrors.price }),
  description: plainText().trim().min(1, { error: quoteErrors.required }).max(quoteDescriptionMax, { error: quoteErrors.tooLong }),
  productionTime: z.enum(productionTimes, { error: quoteErrors.productionTime }),
  validUntil: z.string({ error: quoteErrors.validUntil }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: quoteErrors.validUntil }),
});
export type QuoteForm = z.output<typeof quoteFormSchema>;

/**
 * The last instant of a yyyy-mm-dd day in the workshop's zone (Bali, UTC+8 all year, no daylight
 * saving), or null for a date that does not exist.
 */
export function endOfWorkshopDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(y, m - 1, d);
  const check = new Date(start);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return new Date(start + 24 * 3600_000 - 8 * 3600_000 - 1);
}

/** The name a custom hat's order carries (English: the shop's record), or shows in Russian. */
export function customHatName(customOrderId: number, hatType: string, locale: "en" | "ru" = "en"): string {
  return locale === "ru" ? `Шляпа на заказ: ${hatType} (заявка #C${customOrderId})` : `Custom ${hatType} (request #C${customOrderId})`;
}

const productionTimeTexts: Record<"en" | "ru", Record<ProductionTime, string>> = {
  en: { "1-2 weeks": "1–2 weeks", "3-4 weeks": "3–4 weeks", "4-6 weeks": "4–6 weeks" },
  ru: { "1-2 weeks": "1–2 недели", "3-4 weeks": "3–4 недели", "4-6 weeks": "4–6 недель" },
};

/** A production time in the reader's language; an unknown value as stored. */
export function productionTimeText(time: string, locale: "en" | "ru"): string {
  return (productionTimeTexts[locale] as Record<string, string>)[time] ?? time;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A quote's last valid day ('December 8, 2026' / '8 декабря 2026 г.'), in the workshop's zone. */
export function quoteDay(date: Date, locale: "en" | "ru"): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "ru" ? "ru-RU" : "en-US", { timeZone: WORKSHOP_TIME_ZONE, dateStyle: "long" });
    dayFormats.set(locale, format);
  }
  return format.format(date);
}
