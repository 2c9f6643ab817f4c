import { productionDays } from "@workshop/domain/custom-quote.ts";
import { deliveryDays, deliveryWindow } from "@workshop/domain/delivery.ts";
import { workshopDayOf } from "@workshop/domain/making-stages.ts";
import { productPageAnswer } from "@workshop/domain/shop-api/catalog.ts";
import { deliveryStepAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { orderPageAnswer } from "@workshop/domain/shop-api/order-pages.ts";
import type { ShippingAddressInput } from "@workshop/domain/validation/address.ts";
import { baliAddress, newYorkAddress } from "@workshop/testing/sample-orders.ts";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { catalogChanged } from "#server/catalog/read-cache.ts";
import { placeQuoteOrder } from "#server/custom-orders/quote-order.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

/**
 * The dates the shop promises include the making (decision 055): a hat made to order, its stages'
 * usual working days (the workshop's opening days, Monday to Saturday, closed on Sundays), then the
 * carrier's business days; a ready hat in stock and a custom hat's quote as before. The checkout's
 * last day is kept with the order as its promised delivery day.
 */

let test: TestApp;
let app: FastifyInstance;
let hat: { id: number; sizes: number[] };

/** Saturday, Dec 5, 2026, 10:00 in Bali, and the Sunday after (the workshop is closed). */
const SATURDAY = new Date("2026-12-05T02:00:00Z");
const SUNDAY = new Date("2026-12-06T02:00:00Z");

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  await seedCatalogIfEmpty(test.database.db);
  hat = await test.database.db
    .selectFrom("products")
    .select(["id", "sizes"])
    .where("inStock", "=", true)
    .orderBy("id")
    .limit(1)
    .executeTakeFirstOrThrow();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => test?.close());

/** The shop's clock at `moment` (the database keeps its own). */
const at = (moment: Date) => vi.useFakeTimers({ toFake: ["Date"], now: moment });

const call = (cookie: string | null, method: InjectOptions["method"], url: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
const cookieOf = (response: LightMyRequestResponse) =>
  ([] as string[])
    .concat(response.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("checkout="))!
    .split(";")[0]!;

/** The delivery step of a checkout of `productId` to `address`, in `lang`. */
async function deliveryStep(address: object, lang = "en", productId = hat.id) {
  const started = await call(null, "POST", "/api/shop/checkout/order-now", { productId, size: String(hat.sizes[0]), lang });
  const cookie = cookieOf(started);
  expect((await call(cookie, "POST", "/api/shop/checkout/address", { ...address, lang })).json()).toEqual({
    next: "/checkout/shipping-options",
  });
  const step = deliveryStepAnswer.parse((await call(cookie, "GET", `/api/shop/checkout/delivery?lang=${lang}`)).json());
  if ("next" in step) throw new Error(step.next);
  return { ...step, windows: Object.fromEntries(step.options.map((o) => [o.id, o.window])) };
}

/** A sample address as the checkout stores it (its country one of the form's). */
const addressOf = (address: typeof newYorkAddress) => ({ addressLine2: "", ...address }) as ShippingAddressInput;

const place = (deliveryOption: string, productId = hat.id) =>
  placeOrder({
    productId,
    selectedSize: hat.sizes[0]!,
    shippingAddress: addressOf(deliveryOption === "DHL" ? newYorkAddress : baliAddress),
    deliveryOption,
    paymentMethod: "BCA",
    locale: "en",
  });

describe("a hat made to order, ordered on a Saturday", () => {
  it("is made in its stages' 10 working days, skipping the Sunday the workshop is closed, then carried in business days", async () => {
    at(SATURDAY);
    // Made from Monday to Saturday: ready on Thursday, Dec 17. DHL's 5–7 business days after it.
    const abroad = await deliveryStep(newYorkAddress);
    expect(abroad.summary.makingWorkingDays).toBe(10);
    expect(abroad.windows).toEqual({ DHL: { from: "Thu, Dec 24", to: "Mon, Dec 28" } });
    // Lion Parcel's 2–3 business days; picked up the day it is ready.
    const bali = await deliveryStep(baliAddress, "ru");
    expect(bali.windows).toEqual({
      LION_PARCEL: { from: "пн, 21 дек.", to: "вт, 22 дек." },
      PICKUP: { from: "чт, 17 дек.", to: "чт, 17 дек." },
    });
    // Ordered on the closed Sunday, the making begins on Monday all the same: the same days.
    at(SUNDAY);
    expect((await deliveryStep(newYorkAddress)).windows).toEqual({ DHL: { from: "Thu, Dec 24", to: "Mon, Dec 28" } });
  });

  it("keeps the last day the checkout showed as the order's promised delivery day", async () => {
    at(SATURDAY);
    expect((await place("DHL")).promisedDeliveryDay).toBe("2026-12-28");
    expect((await place("LION_PARCEL")).promisedDeliveryDay).toBe("2026-12-22");
    expect((await place("PICKUP")).promisedDeliveryDay).toBe("2026-12-17");
  });

  it("says its working days on its order's page and in the e-mail that it was received", async () => {
    at(SATURDAY);
    const order = await place("DHL");
    const page = orderPageAnswer.parse((await call(null, "GET", `/api/shop/orders/${order.accessToken}?lang=en`)).json());
    expect(page.order.makingWorkingDays).toBe(10);
    const mail = await test.database.db
      .selectFrom("mailOutbox")
      .select(["text"])
      .where("dedupeKey", "=", `order-received:${order.id}`)
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain("start crafting your hat, which takes 10 working days.");
  });

  it("shows on its page how long it takes and when it would come by each delivery", async () => {
    at(SATURDAY);
    const page = productPageAnswer.parse((await call(null, "GET", `/api/shop/products/${hat.id}?lang=en`)).json());
    expect(page.making).toEqual({
      workingDays: 10,
      readyDay: "Thu, Dec 17",
      delivery: [
        { id: "DHL", from: "Thu, Dec 24", to: "Mon, Dec 28" },
        { id: "LION_PARCEL", from: "Mon, Dec 21", to: "Tue, Dec 22" },
        { id: "PICKUP", from: "Thu, Dec 17", to: "Thu, Dec 17" },
      ],
    });
    const ru = productPageAnswer.parse((await call(null, "GET", `/api/shop/products/${hat.id}?lang=ru`)).json());
    expect(ru.making?.readyDay).toBe("чт, 17 дек.");
  });

  it("follows the stages' days as the owners set them", async () => {
    at(SATURDAY);
    await test.database.db.updateTable("makingStages").set({ usualDays: 8 }).where("position", "=", 1).execute();
    try {
      const step = await deliveryStep(newYorkAddress);
      expect(step.summary.makingWorkingDays).toBe(12);
      // Ready on Saturday, Dec 19: DHL's business days from the Monday after.
      expect(step.windows).toEqual({ DHL: { from: "Fri, Dec 25", to: "Tue, Dec 29" } });
      expect((await place("DHL")).promisedDeliveryDay).toBe("2026-12-29");
    } finally {
      await test.database.db.updateTable("makingStages").set({ usualDays: 6 }).where("position", "=", 1).execute();
    }
  });
});

describe("the hats that are not made to order", () => {
  it("a ready hat in stock ships as before: the shop's 5–10 business days, no making stages, nothing on its page", async () => {
    at(SATURDAY);
    // As the product form saves it: the catalogue's reads (its page) dropped.
    await test.database.db.updateTable("products").set({ madeToOrder: false }).where("id", "=", hat.id).execute();
    await catalogChanged();
    try {
      const step = await deliveryStep(newYorkAddress);
      expect(step.summary.makingWorkingDays).toBeNull();
      const before = deliveryWindow("DHL", SATURDAY);
      expect(step.windows).toEqual({ DHL: deliveryDays(before, "en") });
      const order = await place("DHL");
      expect(order.promisedDeliveryDay).toBe(workshopDayOf(before.latest));
      const orderPage = orderPageAnswer.parse((await call(null, "GET", `/api/shop/orders/${order.accessToken}?lang=en`)).json());
      expect(orderPage.order.makingWorkingDays).toBeNull();
      const page = productPageAnswer.parse((await call(null, "GET", `/api/shop/products/${hat.id}?lang=en`)).json());
      expect(page.making).toBeNull();
    } finally {
      await test.database.db.updateTable("products").set({ madeToOrder: true }).where("id", "=", hat.id).execute();
      await catalogChanged();
    }
  });

  it("a custom hat keeps its quote's production time, which its order's promised day counts", async () => {
    at(SATURDAY);
    const request = await test.database.db
      .insertInto("customOrders")
      .values({
        name: "Ayu",
        email: "ayu@example.com",
        hatType: "Fedora",
        material: "Straw",
        size: "58",
        details: "",
        timeline: "",
        locale: "en",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const quote = await test.database.db
      .insertInto("customQuotes")
      .values({
        customOrderId: request.id,
        version: 1,
        priceCents: 20_000,
        description: "A straw fedora",
        productionTime: "3-4 weeks",
        validUntil: new Date("2026-12-20T15:59:59.999Z"),
        token: "p".repeat(32),
        createdByName: "Made",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const order = await placeQuoteOrder({
      quoteId: quote.id,
      shippingAddress: addressOf(newYorkAddress),
      deliveryOption: "DHL",
      paymentMethod: "BCA",
      locale: "en",
    });
    expect(order.promisedDeliveryDay).toBe(workshopDayOf(deliveryWindow("DHL", SATURDAY, productionDays("3-4 weeks")).latest));
  });
});
