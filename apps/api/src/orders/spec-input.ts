import { shippingAddressSchema } from "@workshop/domain/validation/address.ts";
import { choicesText, plainText } from "@workshop/domain/validation/fields.ts";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import type { BodyCheck } from "#server/plugins/json-api.ts";
import type { PlaceOrderInput } from "./place-order.ts";

/** Dollars as sent by a client; turned into cents only to compare with the server's prices. */
const usd = z.number().finite().min(0).max(1_000_000);

/** POST /api/orders (SPEC section 3, Order creation payload). Unknown fields are ignored. */
const orderPayloadSchema = z.object({
  productId: z.number().int().positive(),
  productName: plainText().max(300).optional(),
  selectedSize: z.number().int().min(30).max(90).nullable().optional(),
  price: usd,
  shippingAddress: shippingAddressSchema,
  shipping: z
    .object({
      method: plainText().max(40).optional(),
      cost: usd.optional(),
      estimatedDays: plainText().max(100).optional(),
      option: z
        .object({
          carrier: plainText().max(100).optional(),
          service: plainText().max(100).optional(),
          estimatedDelivery: plainText().max(100).optional(),
        })
        .optional(),
    })
    .optional(),
  deliveryMethod: plainText().max(40).optional(),
  deliveryCost: usd.optional(),
  total: usd,
  paymentMethod: plainText().min(1).max(40),
  status: plainText().max(40).optional(),
  paymentStatus: plainText().max(40).optional(),
});

const fieldMessages: Record<string, string> = {
  required: "This field is required",
  email: "Please enter a valid email address",
  tooLong: "This is too long",
  characters: "This text contains characters that are not allowed (control characters or broken Unicode)",
};

const cents = (dollars: number | undefined) => (dollars === undefined ? undefined : Math.round(dollars * 100));
const noDelivery = "Please select a delivery option";

/**
 * A JSON order payload as an order to place (in the caller's language, which the route adds); the
 * amounts in it only serve to detect a mismatch.
 */
export const orderPayload = orderPayloadSchema.transform((p, context): Omit<PlaceOrderInput, "locale"> => {
  const deliveryOption = p.deliveryMethod ?? p.shipping?.method;
  if (!deliveryOption) {
    context.addIssue({ code: "custom", message: noDelivery });
    return z.NEVER;
  }
  return {
    productId: p.productId,
    selectedSize: p.selectedSize ?? null,
    shippingAddress: p.shippingAddress,
    deliveryOption,
    paymentMethod: p.paymentMethod,
    claimed: { priceCents: cents(p.price), deliveryCostCents: cents(p.deliveryCost ?? p.shipping?.cost), totalCents: cents(p.total) },
  };
});

/**
 * How POST /api/orders checks its body: JSON (400 "The body must be JSON"), then the payload, a 400
 * "Invalid order" listing each problem by its path, or "Please select a delivery option" for a
 * payload without one. The OpenAPI document has never shown this body.
 */
export const orderPayloadCheck: BodyCheck = {
  read: "as sent",
  json: "required",
  documented: null,
  refusal: (error) => {
    if (error.issues.length === 1 && error.issues[0]!.message === noDelivery) return new AppError("invalid", noDelivery);
    const details = error.issues.map((i) => ({ path: i.path.join("."), message: choicesText(i) ?? fieldMessages[i.message] ?? i.message }));
    return new AppError("invalid", "Invalid order", details);
  },
};
