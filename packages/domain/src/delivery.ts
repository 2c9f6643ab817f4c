/**
 * Delivery options and their prices (SPEC sections 4 and 9). Money in US cents; the server is the
 * authority, the pages use the same functions to show what the server will charge.
 */
export const deliveryOptionIds = ["DHL", "LION_PARCEL", "PICKUP"] as const;
export type DeliveryOptionId = (typeof deliveryOptionIds)[number];
export type Region = "international" | "bali" | "indonesia";
/** A number of business days (Monday to Friday), from the shortest to the longest. */
export type DayRange = { min: number; max: number };

/**
 * How long the weavers take to make a hat from the collection, in business days after payment.
 * With each option's carrier time this is the one source of every delivery promise: the checkout,
 * the order page, the e-mails and the shipping and FAQ pages.
 */
export const makingDays: DayRange = { min: 5, max: 10 };

export type DeliveryOptionDefinition = {
  id: DeliveryOptionId;
  name: string;
  description: string;
  baseCents: number;
  perKgCents: number;
  /** The carrier's time in business days once the hat leaves the workshop; null: picked up in person. */
  carrierDays: DayRange | null;
  trackingAvailable: boolean;
  regions: Region[];
  icon: "plane" | "truck" | "store";
};

/** Default parcel weight: one hat in its 40×40×17 cm box. */
const DEFAULT_WEIGHT_KG = 0.5;

export const deliveryOptions: Record<DeliveryOptionId, DeliveryOptionDefinition> = {
  DHL: {
    id: "DHL",
    name: "DHL International Express",
    description: "Door-to-door express delivery worldwide",
    baseCents: 2500,
    perKgCents: 1000,
    carrierDays: { min: 5, max: 7 },
    trackingAvailable: true,
    regions: ["international"],
    icon: "plane",
  },
  LION_PARCEL: {
    id: "LION_PARCEL",
    name: "Lion Parcel",
    description: "Reliable delivery across Indonesia",
    baseCents: 1000,
    perKgCents: 300,
    carrierDays: { min: 2, max: 3 },
    trackingAvailable: true,
    regions: ["bali", "indonesia"],
    icon: "truck",
  },
  PICKUP: {
    id: "PICKUP",
    name: "Pickup from Workshop",
    description: "Collect your hat at our workshop in Ubud",
    baseCents: 0,
    perKgCents: 0,
    carrierDays: null,
    trackingAvailable: false,
    regions: ["bali"],
    icon: "store",
  },
};

export function isDeliveryOptionId(value: unknown): value is DeliveryOptionId {
  return typeof value === "string" && (deliveryOptionIds as readonly string[]).includes(value);
}

/** Where an address is, for delivery: outside Indonesia, Bali, or elsewhere in Indonesia. */
export function regionOf(address: { country: string; state: string }): Region {
  if (address.country.trim().toLowerCase() !== "indonesia") return "international";
  return /\bbali\b/i.test(address.state) ? "bali" : "indonesia";
}

/** base + per-kg × weight, rounded to whole cents. */
export function deliveryCostCents(id: DeliveryOptionId, weightKg = DEFAULT_WEIGHT_KG): number {
  const o = deliveryOptions[id];
  return o.baseCents + Math.round(o.perKgCents * weightKg);
}

/** The options an address can have, in the order the page lists them. */
export function optionsForAddress(address: { country: string; state: string }): DeliveryOptionDefinition[] {
  const region = regionOf(address);
  return deliveryOptionIds.map((id) => deliveryOptions[id]).filter((o) => o.regions.includes(region));
}

// Days are counted on the workshop's calendar: Bali time (WITA, UTC+8, no daylight saving).
const BALI_OFFSET_MS = 8 * 3_600_000;

/** Whether a day of the week (0 Sunday … 6 Saturday) counts as a business day: a carrier's day. */
export const isBusinessDay = (weekday: number) => weekday !== 0 && weekday !== 6;

/** The business days in a week: a week of a custom hat's making is this many (custom-quote.ts). */
export const businessDaysPerWeek = [0, 1, 2, 3, 4, 5, 6].filter(isBusinessDay).length;

/** The moment N business days after `from`, skipping Saturdays and Sundays in Bali. */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from.getTime() + BALI_OFFSET_MS);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (isBusinessDay(date.getUTCDay())) left--;
  }
  return new Date(date.getTime() - BALI_OFFSET_MS);
}

/**
 * When a hat paid for at `from` arrives (or, for pickup, is ready): making (a catalogue hat's, or a
 * custom hat's production time), then the carrier, in business days; the earliest and the latest day.
 */
export function deliveryWindow(id: DeliveryOptionId, from: Date, making: DayRange = makingDays): { earliest: Date; latest: Date } {
  const carrier = deliveryOptions[id].carrierDays ?? { min: 0, max: 0 };
  return { earliest: addBusinessDays(from, making.min + carrier.min), latest: addBusinessDays(from, making.max + carrier.max) };
}

// One format per language: making one costs more than formatting with it.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** 'Mon, Dec 7' / 'пн, 7 дек.', in Bali time so every server and browser shows the same day. */
export function formatDeliveryDay(date: Date, locale: string): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "ru" ? "ru-RU" : "en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: "Asia/Makassar",
    });
    dayFormats.set(locale, format);
  }
  return format.format(date);
}

/** A delivery window as the texts show it: { from: 'Mon, Dec 7', to: 'Wed, Dec 16' }. */
export function deliveryDays(window: { earliest: Date; latest: Date }, locale: string): { from: string; to: string } {
  return { from: formatDeliveryDay(window.earliest, locale), to: formatDeliveryDay(window.latest, locale) };
}
