import { describe, expect, it } from "vitest";
import { contactFormErrors, customOrderFormErrors } from "../i18n/form-errors.ts";
import { shippingAddressSchema } from "./address.ts";
import { contactSchema } from "./contact.ts";
import { customOrderSchema } from "./custom-order.ts";
import { fieldErrors, fieldMessages } from "./fields.ts";

const contact = { name: "Ana", email: "ana@example.com", subject: "Hello", message: "A hat, please" };
const address = {
  fullName: "Ana",
  email: "ana@example.com",
  phone: "+62 812",
  addressLine1: "Jl. Raya 1",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia",
};

describe("text fields refuse what no person types", () => {
  it.each(["a\u0000b", "\ud800", "x\udfffy", "bell\u0007", "\u007f"])("contact message %j", (bad) => {
    const parsed = contactSchema.safeParse({ ...contact, message: bad });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({ message: "characters" });
  });

  it("an address line, the optional one too", () => {
    for (const field of ["fullName", "addressLine1", "addressLine2", "city", "email"] as const) {
      const parsed = shippingAddressSchema.safeParse({ ...address, [field]: "Ubud\u0000" });
      expect(fieldErrors(parsed.error!)).toEqual({ [field]: "characters" });
    }
  });

  it("keeps line breaks, tabs, accents, Cyrillic and emoji", () => {
    expect(contactSchema.safeParse({ ...contact, message: "Привет,\n\tshá 🎩" }).success).toBe(true);
  });
});

describe("fieldMessages", () => {
  it("says each wrong field's first problem in the form's words and language", () => {
    const contact = contactSchema.safeParse({ name: " ", email: "nope", subject: "x".repeat(201), message: "Hi\u0000" });
    expect(fieldMessages(contact.error!, contactFormErrors, "en")).toEqual({
      name: "This field is required",
      email: "Please enter a valid email address",
      subject: "This is too long",
      message: "This contains characters that are not allowed",
    });
    const custom = customOrderSchema.safeParse({ name: "Ayu", email: "", hatType: "Beret", referenceImages: ["x"] });
    expect(fieldMessages(custom.error!, customOrderFormErrors, "ru")).toMatchObject({
      email: "Это поле обязательно",
      hatType: "Выберите один из вариантов",
      referenceImages: "Не удалось использовать фото. Пожалуйста, загрузите его ещё раз.",
    });
  });
});
