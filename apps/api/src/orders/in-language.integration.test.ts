import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { orderInLanguage } from "./in-language.ts";
import { type PlaceOrderInput, placeOrder } from "./place-order.ts";
import { setPaymentStatus } from "./queries.ts";

let database: DatabaseHandle;
const product1 = seedProducts[0]!;
const ru = product1.translations.ru;

const newYork = {
  fullName: "Anna Petrova",
  email: "anna@example.com",
  phone: "+1 212 1",
  addressLine1: "350 Fifth Avenue",
  addressLine2: "",
  city: "New York",
  state: "New York",
  postalCode: "10118",
  country: "United States" as const,
};
const input = (over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  productId: 1,
  selectedSize: product1.sizes[0]!,
  shippingAddress: newYork,
  deliveryOption: "DHL",
  paymentMethod: "CARD",
  locale: "en",
  ...over,
});

const mailOf = async (orderId: string, template: string) =>
  (await database.db
    .selectFrom("mailOutbox")
    .selectAll()
    .where("orderId", "=", orderId)
    .where("template", "=", template)
    .executeTakeFirst())!;

beforeAll(async () => {
  database = await freshDatabase();
  await seedCatalogIfEmpty(database.db);
});
afterAll(() => database.close());

describe("an order in its customer's language", () => {
  it("keeps the English record, and shows the hat's Russian name and colour to a Russian customer", async () => {
    const order = await placeOrder(input({ locale: "ru" }));
    expect(order.productName).toBe(product1.name);
    const shown = await orderInLanguage(order, "ru");
    expect(shown.productName).toBe(ru.name);
    expect(shown.color).toBe(ru.color);
    expect((await orderInLanguage(order, "en")).productName).toBe(product1.name);
  });

  it("writes a Russian customer's mails with no English names: hat, colour, delivery, payment; the shop's copy stays English", async () => {
    const order = await placeOrder(input({ locale: "ru", paymentMethod: "BCA" }));
    const received = await mailOf(order.id, "order-received");
    for (const part of [
      ru.name,
      `Цвет: ${ru.color}`,
      "Оплата: Виртуальный счёт BCA",
      "Доставка: DHL International Express",
      "/ru/orders/",
    ]) {
      expect(received.text).toContain(part);
    }
    for (const english of [product1.name, product1.color, "Virtual Account", "Payment"]) expect(received.text).not.toContain(english);

    const shop = await mailOf(order.id, "shop-new-order");
    expect(shop.text).toContain(product1.name);
    expect(shop.text).toContain("United States");

    await setPaymentStatus(order.id, "SUCCEEDED", "paid in a test");
    const confirmed = await mailOf(order.id, "payment-confirmed");
    expect(confirmed.text).toContain(ru.name);
    expect(confirmed.text).toMatch(/Ориентировочная доставка: между .+ и .+\./);
  });

  it("writes an English customer's mails in English", async () => {
    const order = await placeOrder(input());
    const received = await mailOf(order.id, "order-received");
    for (const part of [product1.name, `Color: ${product1.color}`, "Payment: Credit or debit card"]) expect(received.text).toContain(part);
    expect(received.text).not.toContain(ru.name);
  });
});
