import { z } from "zod";
import { customHatAnswer } from "./custom-hat.ts";

/**
 * Orders as the storefront's pages show them (`/api/shop/…`): the success, complete and order pages
 * and the order summary they share. Every amount is the one the API fixed when the order was placed;
 * texts (the hat's name, the dates) are in the language asked for (`?lang=ru`).
 */

/** Where an order goes, as the customer typed it. */
export const shippingAddressAnswer = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

/** One order as the customer's pages show it: no internal ids, dates as text. */
export const shopOrder = z.object({
  orderNumber: z.string(),
  /** The secret of the order's own page, /orders/<token>. */
  accessToken: z.string(),
  /** When it was placed: 'MMM d, yyyy h:mm a' in the language asked for, Bali time (../order-date.ts). */
  placedAt: z.string(),
  /** A cash-in-store order's payment deadline (7 days after placing), written as `placedAt`. */
  payBy: z.string(),
  /** As stored; an unknown value is shown as it is. */
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  /** The catalogue hat ordered; null for a custom hat. */
  productId: z.number().int().nullable(),
  productName: z.string(),
  /** The hat's photo (a media key), if it has one. */
  productImage: z.string().nullable(),
  size: z.number().int().nullable(),
  color: z.string(),
  priceCents: z.number().int(),
  deliveryOption: z.string(),
  deliveryCostCents: z.number().int(),
  totalCents: z.number().int(),
  /** The total in rupiah at the order's own rate (1 USD in rupiah, as text to keep every digit). */
  totalIdr: z.number().int(),
  usdToIdrRate: z.string(),
  /**
   * A custom hat is paid in two parts (decision 026): the deposit and the balance (the rest of the
   * price and the delivery), in US cents and rupiah. Null on a catalogue order.
   */
  depositCents: z.number().int().nullable(),
  depositIdr: z.number().int().nullable(),
  balanceCents: z.number().int().nullable(),
  balanceIdr: z.number().int().nullable(),
  shippingAddress: shippingAddressAnswer,
  /** A custom hat's size, production time and picture; null for a catalogue hat. */
  customHat: customHatAnswer.nullable(),
  /**
   * A hat of the collection made to order: its making stages' usual working days (decision 055);
   * null for a ready hat in stock (the shop's business days) and a custom hat (its quote's time).
   */
  makingWorkingDays: z.number().int().nullable(),
});
export type ShopOrder = z.infer<typeof shopOrder>;
