import { countries } from "@workshop/domain/countries.ts";
import { z } from "zod";
import { addressFieldMessages } from "../i18n/address-fields.ts";
import { translator } from "../i18n/core.ts";
import type { Locale } from "../locale.ts";
import { email, fieldErrors, oneOf, optionalText, requiredText } from "./fields.ts";

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
export const addressFields = shippingAddressSchema.keyof().options;

/** What is wrong with each field of a refused address, in the customer's language (first problem only). */
export type AddressFieldTexts = Partial<Record<AddressField, string>>;

export function addressFieldTexts(error: z.ZodError, locale: Locale): AddressFieldTexts {
  const t = translator(addressFieldMessages, locale);
  return Object.fromEntries(
    Object.entries(fieldErrors<AddressField>(error)).map(([field, reason]) => [
      field,
      t(reason && Object.hasOwn(addressFieldMessages.en, reason) ? reason : "required"),
    ]),
  );
}
