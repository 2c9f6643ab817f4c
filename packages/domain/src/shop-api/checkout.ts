import { z } from "zod";
import { langParam, queryText } from "../api-requests.ts";
import { deliveryOptionIds } from "../delivery.ts";
import { paymentMethodTypes } from "../payment-methods.ts";
import { addressFields, shippingAddressSchema } from "../validation/address.ts";
import { productViewAnswer } from "./catalog.ts";
import { customHatAnswer } from "./custom-hat.ts";
import { shippingAddressAnswer } from "./orders.ts";

/**
 * The checkout's steps as the storefront's pages read and write them (`/api/shop/checkout/…`). The
 * checkout is the browser's checkout cookie: every call carries it, and the answers that start or
 * forget a checkout set it. Amounts are the API's, in US cents (rupiah where named); texts are in
 * the language asked for (`?lang=ru`, or `lang` in a write's body).
 */

/** A path of the shop without its language prefix (`/checkout/payment`); never another site. */
const shopPath = z.string().regex(/^\/(?![/\\])/);

/** Where the customer goes now: the next step, or an earlier one that is missing. */
export const nextAnswer = z.object({ next: shopPath });

/** A price part of a custom hat paid in two parts (decision 026): the deposit or the balance paid now. */
const partDue = z.object({ kind: z.enum(["DEPOSIT", "BALANCE"]), cents: z.number().int() });

/** The order so far, beside the address, delivery and payment steps. */
const checkoutSummaryAnswer = z.object({
  productName: z.string(),
  size: z.number().int().nullable(),
  priceCents: z.number().int(),
  /** The delivery's cost once it is chosen (the payment step); null before. */
  deliveryCents: z.number().int().nullable(),
  totalCents: z.number().int(),
  part: partDue.nullable(),
  /** The rupiah paid now (the part, when there is one) at the rate used: the payment step only. */
  idr: z.object({ amount: z.number().int(), rate: z.string() }).nullable(),
  /** A custom hat's size, production time and picture; null for a catalogue hat. */
  customHat: customHatAnswer.nullable(),
  /**
   * A hat of the collection made for the order: its usual making time in the workshop's working
   * days (its making stages), which the delivery dates count; null for a ready hat in stock (made
   * in the shop's 5–10 business days, delivery.ts) and for a custom hat (its quote's time).
   */
  makingWorkingDays: z.number().int().nullable(),
});
export type CheckoutSummaryAnswer = z.infer<typeof checkoutSummaryAnswer>;

/** GET …/address, …/delivery, …/payment?lang= */
export const stepQuery = z.object({ lang: langParam });

/** GET /api/shop/checkout/confirmation?lang=&orderId=: `orderId`, an order this browser placed (back from a payment page). */
export const confirmationQuery = z.object({ lang: langParam, orderId: queryText });

/** Why the confirmation step cannot show a hat to confirm. */
const confirmationProblems = ["missing", "noProduct", "productNotFound", "loadFailed", "soldOut"] as const;

/**
 * GET /api/shop/checkout/confirmation: step 1, the hat chosen (looked up again for its stock and
 * price), or why there is none; a custom hat's quote goes to its own page (`next`).
 */
export const confirmationAnswer = z.union([
  nextAnswer,
  z.object({
    problem: z.enum(confirmationProblems).nullable(),
    /** The hat's name as it was chosen, also when it cannot be shown. */
    name: z.string().nullable(),
    choice: z
      .object({
        product: z.object({
          id: z.number().int(),
          name: z.string(),
          priceCents: z.number().int(),
          image: productViewAnswer.shape.images.element.nullable(),
        }),
        size: z.number().int().nullable(),
      })
      .nullable(),
  }),
]);
export type ConfirmationAnswer = z.infer<typeof confirmationAnswer>;

/** GET /api/shop/checkout/address: the address typed so far, or where to go first. */
export const addressStepAnswer = z.union([
  nextAnswer,
  z.object({ address: shippingAddressAnswer.nullable(), summary: checkoutSummaryAnswer }),
]);
export type AddressStepAnswer = z.infer<typeof addressStepAnswer>;

/** POST /api/shop/checkout/address: the form's fields (validation/address.ts) → `next`, or 400 `addressRefusal`. */
export const addressRequest = shippingAddressSchema.extend({ lang: langParam });
export const addressRefusal = z.object({
  error: z.string(),
  /** Each wrong field's first problem, in the customer's language. */
  details: z.partialRecord(z.enum(addressFields), z.string()),
});

/** One way to deliver to the saved address. */
const deliveryChoice = z.object({
  id: z.enum(deliveryOptionIds),
  costCents: z.number().int(),
  /** The order's total with this delivery. */
  totalCents: z.number().int(),
  trackingAvailable: z.boolean(),
  /** The carrier's business days once the hat leaves the workshop; null for a pickup. */
  carrierDays: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  /** The first and last day it may arrive (or be ready), 'Mon, Dec 7' in the language asked for, Bali time. */
  window: z.object({ from: z.string(), to: z.string() }),
});

/** GET /api/shop/checkout/delivery: the options for the saved address, or where to go first. */
export const deliveryStepAnswer = z.union([
  nextAnswer,
  z.object({
    address: z.object({ city: z.string(), country: z.string() }),
    options: z.array(deliveryChoice),
    chosen: z.enum(deliveryOptionIds).nullable(),
    summary: checkoutSummaryAnswer,
  }),
]);
export type DeliveryStepAnswer = z.infer<typeof deliveryStepAnswer>;

/** POST /api/shop/checkout/delivery → `next`. */
export const deliveryRequest = z.object({ deliveryOption: z.string().max(100), lang: langParam });

/**
 * GET /api/shop/checkout/payment: the methods on offer, grouped, and the amounts; paying a placed
 * order again (`orderNumber`), that order's; or where to go first.
 */
export const paymentStepAnswer = z.union([
  nextAnswer,
  z.object({
    groups: z.array(
      z.object({
        type: z.enum(paymentMethodTypes),
        methods: z.array(z.object({ code: z.string(), name: z.string(), logo: z.string() })),
      }),
    ),
    /** The built-in sandbox takes the payments: no real money. */
    sandbox: z.boolean(),
    /** Over the stores' cap: store payments cannot take this amount. */
    overCap: z.boolean(),
    orderNumber: z.string().nullable(),
    summary: checkoutSummaryAnswer,
  }),
]);
export type PaymentStepAnswer = z.infer<typeof paymentStepAnswer>;

/**
 * POST /api/shop/checkout/payment: places the order (or takes the unpaid one this browser is paying;
 * `orderId`: the one a failed payment's 'Try Again' names) and starts its payment → `next`: a page of
 * the shop or the payment provider's.
 */
export const paymentRequest = z.object({
  paymentMethod: z.string().max(50),
  orderId: z.string().max(50).nullable().default(null),
  lang: langParam,
});
export const paymentNextAnswer = z.object({ next: z.union([shopPath, z.url({ protocol: /^https?$/ })]) });

/** POST /api/shop/checkout/order-now: a hat (and its size, as the form sent it) starts the checkout → `next`. */
export const orderNowRequest = z.object({
  productId: z.number().int().positive(),
  size: z.string().max(100).nullable().default(null),
  lang: langParam,
});
