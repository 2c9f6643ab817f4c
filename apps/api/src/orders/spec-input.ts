import type { Locale } from "@workshop/domain/locale.ts";
import { shippingAddressSchema } from "@workshop/domain/validation/address.ts";
import { choicesText, plainText } from "@workshop/domain/validation/fields.ts";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
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

/** Reads and checks a JSON order payload; the amounts in it only serve to detect a mismatch. */
export function parseOrderPayload(body: unknown, locale: Locale): PlaceOrderInput {
  const parsed = orderPayloadSchema.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      path: i.path.join("."),
      message: choicesText(i) ?? fieldMessages[i.message] ?? i.message,
    }));
    throw new AppError("invalid", "Invalid order", details);
  }
  const p = parsed.data;
  const deliveryOption = p.deliveryMethod ?? p.shipping?.method;
  if (!deliveryOption) throw new AppError("invalid", "Please select a delivery option");
  return {
    productId: p.productId,
    selectedSize: p.selectedSize ?? null,
    shippingAddress: p.shippingAddress,
    deliveryOption,
    paymentMethod: p.paymentMethod,
    locale,
    claimed: { priceCents: cents(p.price), deliveryCostCents: cents(p.deliveryCost ?? p.shipping?.cost), totalCents: cents(p.total) },
  };
}
