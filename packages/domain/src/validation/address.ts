import { countries } from "@workshop/domain/countries.ts";
import { z } from "zod";
import { email, oneOf, optionalText, requiredText } from "./fields.ts";

/** The shipping address form (SPEC section 5): everything required but the second address line. */
export const shippingAddressSchema = z.object({
  fullName: requiredText(120),
  email,
  phone: requiredText(40),
  addressLine1: requiredText(200),
  addressLine2: optionalText(200),
  city: requiredText(100),
  state: requiredText(100),
  postalCode: requiredText(20),
  country: oneOf(countries),
});

export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;
export type AddressField = keyof ShippingAddressInput;
