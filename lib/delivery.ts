/**
 * Delivery options and their prices (SPEC sections 4 and 9). Money in US cents; the server is the
 * authority, the pages use the same functions to show what the server will charge.
 */
export const deliveryOptionIds = ["DHL", "LION_PARCEL", "PICKUP"] as const;
export type DeliveryOptionId = (typeof deliveryOptionIds)[number];
export type Region = "international" | "bali" | "indonesia";

export type DeliveryOptionDefinition = {
  id: DeliveryOptionId;
  name: string;
  description: string;
  baseCents: number;
  perKgCents: number;
  estimatedDays: string;
  /** Calendar days from today to the estimated delivery date; null: ready once notified. */
  estimateDays: number | null;
  trackingAvailable: boolean;
  regions: Region[];
  icon: "plane" | "truck" | "store";
};

/** Default parcel weight: one hat in its 40×40×17 cm box. */
export const DEFAULT_WEIGHT_KG = 0.5;

export const deliveryOptions: Record<DeliveryOptionId, DeliveryOptionDefinition> = {
  DHL: {
    id: "DHL",
    name: "DHL International Express",
    description: "Door-to-door express delivery worldwide",
    baseCents: 2500,
    perKgCents: 1000,
    estimatedDays: "5-7 business days",
    estimateDays: 7,
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
    estimatedDays: "2-3 business days",
    estimateDays: 3,
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
    estimatedDays: "Same day once ready",
    estimateDays: null,
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

/** The date N weekdays after `from`, skipping Saturdays and Sundays. */
export function addWeekdays(from: Date, days: number): Date {
  const date = new Date(from);
  let left = days;
  while (left > 0) {
    date.setDate(date.getDate() + 1);
    const day = date.getDay();
    if (day !== 0 && day !== 6) left--;
  }
  return date;
}
