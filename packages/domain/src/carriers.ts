/**
 * The carriers a parcel leaves the workshop with, and each one's public tracking page. The one
 * source of a tracking link: the shipped e-mail, the console's order page and anything else.
 */
import type { DeliveryOptionId } from "./delivery.ts";

type Carrier = {
  name: string;
  /** The delivery option the customer chooses for this carrier, when the shop offers one. */
  delivery: DeliveryOptionId | null;
  /** How staff may write its name (compared lowercase, without spaces, dashes or underscores). */
  aliases: string[];
  /** The carrier's tracking page for one parcel; null when it has none that takes the number. */
  page: ((number: string) => string) | null;
};

const carriers: Carrier[] = [
  {
    name: "DHL",
    delivery: "DHL",
    aliases: ["dhl", "dhlexpress"],
    page: (n) => `https://www.dhl.com/id-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  },
  { name: "Lion Parcel", delivery: "LION_PARCEL", aliases: ["lionparcel"], page: (n) => `https://lionparcel.com/track/stt?q=${n}` },
  // Their tracking pages are forms: the customer types the number there.
  { name: "JNE", delivery: null, aliases: ["jne"], page: null },
  { name: "POS Indonesia", delivery: null, aliases: ["pos", "posindonesia"], page: null },
];

const keyOf = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, "");
const carrierNamed = (name: string) => carriers.find((c) => c.aliases.includes(keyOf(name)));

/** The carriers offered when shipping: the ones a customer can choose at checkout. */
export const deliveryCarriers = carriers.filter((c) => c.delivery !== null).map((c) => c.name);

/** A carrier's name as the shop writes it ("lion parcel" → "Lion Parcel"); any other name as given. */
export function carrierName(name: string): string {
  return carrierNamed(name)?.name ?? name;
}

/** The carrier of the delivery the customer chose (LION_PARCEL → "Lion Parcel"); null for pickup or an unknown option. */
export function carrierOfDelivery(deliveryOption: string): string | null {
  return carriers.find((c) => c.delivery === deliveryOption)?.name ?? null;
}

/** The carrier's public tracking page for a parcel; null when the carrier has none (show the number alone). */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const page = carrierNamed(carrier)?.page;
  const number = trackingNumber.trim();
  return page && number ? page(encodeURIComponent(number)) : null;
}
