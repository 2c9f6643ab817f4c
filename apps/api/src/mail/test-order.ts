/** For tests: an order as the mails see it (the fields of an order row). */
import type { MailOrder } from "./templates/index.ts";

export function testOrder(overrides: Partial<MailOrder> = {}): MailOrder {
  return {
    orderNumber: "RT-240517-K3QZ",
    accessToken: "tok_9f8e7d6c5b4a",
    productName: "Ubud Sun Fedora",
    size: 58,
    color: "Natural",
    priceCents: 18_500,
    deliveryOption: "DHL",
    deliveryCostCents: 3_000,
    totalCents: 21_500,
    totalIdr: 3_607_100,
    paymentMethod: "CARD",
    shippingAddress: {
      fullName: "Anna Petrova",
      email: "anna@example.com",
      phone: "+7 900 123 45 67",
      addressLine1: "Leninsky prospekt 1",
      city: "Moscow",
      state: "Moscow",
      postalCode: "119049",
      country: "Russia",
    },
    locale: "en",
    createdAt: new Date("2025-05-17T03:04:05Z"),
    updatedAt: new Date("2026-11-23T02:00:00Z"),
    customOrderId: null,
    depositCents: null,
    depositIdr: null,
    ...overrides,
  };
}
