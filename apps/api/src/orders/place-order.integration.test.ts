import { cashPaymentDeadline } from "@workshop/domain/cash-payment-deadline.ts";
import { centsToIdr } from "@workshop/domain/money.ts";
import { isWithinOpeningHours } from "@workshop/domain/opening-hours.ts";
import { OVER_THE_COUNTER_CAP_MESSAGE } from "@workshop/domain/payment-methods.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { AppError } from "#server/errors.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { type PlaceOrderInput, placeOrder } from "./place-order.ts";
import { cancelUnpaidCashOrders, orderByToken, setPaymentStatus } from "./queries.ts";
import { orderPayload } from "./spec-input.ts";
import { sweepUnpaidCashOrders } from "./unpaid-cash-orders.ts";

let database: DatabaseHandle;
const product1 = seedProducts[0]!;

const bali = {
  fullName: "Wayan Sari",
  email: "wayan@example.com",
  phone: "+62 361 1",
  addressLine1: "Jl. Raya Ubud 10",
  addressLine2: "",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia" as const,
};
const newYork = { ...bali, city: "New York", state: "New York", postalCode: "10118", country: "United States" as const };

const input = (over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  productId: 1,
  selectedSize: product1.sizes[0]!,
  shippingAddress: bali,
  deliveryOption: "PICKUP",
  paymentMethod: "CASH_IN_STORE",
  locale: "en",
  ...over,
});

const orderCount = async () =>
  (
    await database.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;

beforeAll(async () => {
  database = await freshDatabase();
  await seedCatalogIfEmpty(database.db);
});
afterAll(() => database.close());

describe("placing an order", () => {
  it("computes price, delivery and total on the server and keeps a snapshot", async () => {
    const order = await placeOrder(input({ shippingAddress: newYork, deliveryOption: "DHL", paymentMethod: "BCA" }));
    expect(order).toMatchObject({
      status: "PENDING",
      paymentStatus: "PENDING",
      productName: product1.name,
      priceCents: product1.priceCents,
      deliveryCostCents: 3000,
      totalCents: product1.priceCents + 3000,
      color: product1.color,
    });
    expect(order.orderNumber).toMatch(/^RT-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(order.accessToken).toHaveLength(32);
    expect(Number(order.usdToIdrRate)).toBeGreaterThan(1000);
    expect(order.totalIdr).toBe(centsToIdr(order.totalCents, order.usdToIdrRate));
    expect((await orderByToken(order.accessToken))?.id).toBe(order.id);
    const events = await database.db.selectFrom("orderEvents").selectAll().where("orderId", "=", order.id).execute();
    expect(events).toHaveLength(1);
  });

  it("starts cash in store awaiting prepayment and the test card as paid", async () => {
    expect(await placeOrder(input())).toMatchObject({ status: "PENDING", paymentStatus: "AWAITING_PREPAYMENT" });
    expect(await placeOrder(input({ paymentMethod: "TEST_CARD" }))).toMatchObject({ status: "PROCESSING", paymentStatus: "SUCCEEDED" });
  });

  it("refuses what the shop cannot do, and stores nothing", async () => {
    const before = await orderCount();
    const refusals: [Partial<PlaceOrderInput>, string][] = [
      [{ deliveryOption: "DRONE" }, "Invalid delivery option: DRONE"],
      [{ shippingAddress: newYork, deliveryOption: "PICKUP" }, "not available"],
      [{ shippingAddress: newYork, deliveryOption: "DHL" }, "only available for addresses in Bali"],
      [{ paymentMethod: "BITCOIN" }, "Invalid payment method"],
      [{ selectedSize: 99 }, "sizes"],
      [{ productId: 99999 }, "Product not found"],
      [
        { productId: 22, selectedSize: seedProducts[21]!.sizes[0]!, deliveryOption: "LION_PARCEL", paymentMethod: "INDOMARET" },
        OVER_THE_COUNTER_CAP_MESSAGE,
      ],
    ];
    for (const [over, message] of refusals) {
      await expect(placeOrder(input(over))).rejects.toThrow(message);
    }
    const soldOut = seedProducts.findIndex((p) => !p.inStock) + 1;
    await expect(placeOrder(input({ productId: soldOut, selectedSize: seedProducts[soldOut - 1]!.sizes[0]! }))).rejects.toMatchObject({
      kind: "conflict",
    });
    expect(await orderCount()).toBe(before);
  });

  it("refuses a payload whose price, delivery cost or total was tampered with", async () => {
    const before = await orderCount();
    const price = product1.priceCents / 100;
    const body = {
      productId: 1,
      selectedSize: product1.sizes[0],
      price,
      shippingAddress: newYork,
      shipping: { method: "DHL", cost: 30 },
      total: price + 30,
      paymentMethod: "BCA",
    };
    for (const tampered of [{ price: 1 }, { shipping: { method: "DHL", cost: 0 } }, { total: 1 }]) {
      const error = await placeOrder({ ...orderPayload.parse({ ...body, ...tampered }), locale: "en" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
    }
    expect(await orderCount()).toBe(before);
    const ok = await placeOrder({ ...orderPayload.parse(body), locale: "en" });
    expect(ok.totalCents).toBe(product1.priceCents + 3000);
  });

  it("places orders made at the same moment together, each with its event and mails, and refuses only the bad one", async () => {
    const before = await orderCount();
    const results = await Promise.allSettled([
      ...Array.from({ length: 6 }, () => placeOrder(input({ shippingAddress: newYork, deliveryOption: "DHL", paymentMethod: "BCA" }))),
      placeOrder(input({ paymentMethod: "BITCOIN" })),
      placeOrder(input({ locale: "ru" })),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array(6).fill("fulfilled"), "rejected", "fulfilled"]);
    expect((results[6] as PromiseRejectedResult).reason).toMatchObject({ message: "Invalid payment method: BITCOIN" });
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(new Set(placed.map((o) => o.orderNumber)).size).toBe(7);
    expect(placed[6]).toMatchObject({ locale: "ru", paymentMethod: "CASH_IN_STORE", paymentStatus: "AWAITING_PREPAYMENT" });
    expect(await orderCount()).toBe(before + 7);
    for (const order of placed) {
      const events = await database.db.selectFrom("orderEvents").selectAll().where("orderId", "=", order.id).execute();
      expect(events).toMatchObject([
        { status: order.status, paymentStatus: order.paymentStatus, reason: `placed (${order.paymentMethod})` },
      ]);
      const mails = await database.db.selectFrom("mailOutbox").selectAll().where("orderId", "=", order.id).execute();
      expect(mails.map((m) => m.template).sort()).toEqual(["order-received", "shop-new-order"]);
      expect(mails.find((m) => m.template === "order-received")?.subject).toContain(order.orderNumber);
    }
  });

  it("moves payment statuses only as the machine allows", async () => {
    const order = await placeOrder(input());
    const paid = await setPaymentStatus(order.id, "SUCCEEDED", "test");
    expect(paid).toMatchObject({ changed: true, order: { status: "PROCESSING", paymentStatus: "SUCCEEDED" } });
    expect((await setPaymentStatus(order.id, "SUCCEEDED", "again")).changed).toBe(false);
    await expect(setPaymentStatus(order.id, "FAILED", "late failure")).rejects.toMatchObject({ kind: "conflict" });
  });
});

describe("cash in store not paid within 7 days", () => {
  it("is cancelled once, after the cutoff, even when two sweeps run at once", async () => {
    const order = await placeOrder(input());
    const placed = order.createdAt.getTime();
    const day = 24 * 3600 * 1000;
    expect((await cancelUnpaidCashOrders(new Date(placed - 1))).some((o) => o.id === order.id)).toBe(false);
    const [a, b] = await Promise.all([cancelUnpaidCashOrders(new Date(placed + 1)), cancelUnpaidCashOrders(new Date(placed + 1))]);
    const cancelled = [...a, ...b].filter((o) => o.id === order.id);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ status: "CANCELLED", paymentStatus: "FAILED" });
    expect((await cancelUnpaidCashOrders(new Date(placed + 8 * day))).some((o) => o.id === order.id)).toBe(false);
  });
});

describe("the 7-day sweep with a clock the test controls", () => {
  it("leaves an unpaid cash order alone until the deadline its page states, then cancels it and mails the customer once", async () => {
    const order = await placeOrder(input());
    const placed = order.createdAt.getTime();
    const day = 24 * 3600 * 1000;
    // 7 days, ending at the workshop's closing time: what the order's page and e-mail promise.
    const deadline = cashPaymentDeadline(order.createdAt).getTime();
    expect(isWithinOpeningHours(new Date(deadline))).toBe(true);
    expect(deadline).toBeGreaterThanOrEqual(placed + 7 * day);
    expect(await sweepUnpaidCashOrders(new Date(placed + 6 * day))).toBe(0);
    await sweepUnpaidCashOrders(new Date(deadline - 1));
    expect((await orderByToken(order.accessToken))?.status).toBe("PENDING");
    await sweepUnpaidCashOrders(new Date(deadline + 60_000));
    await sweepUnpaidCashOrders(new Date(deadline + 120_000));
    expect(await orderByToken(order.accessToken)).toMatchObject({ status: "CANCELLED", paymentStatus: "FAILED" });
    const mails = await database.db.selectFrom("mailOutbox").selectAll().where("orderId", "=", order.id).execute();
    expect(mails.map((m) => m.template).sort()).toEqual(["order-cancelled", "order-received", "shop-new-order"]);
  });

  it("does not touch a cash order that was paid", async () => {
    const order = await placeOrder(input());
    await setPaymentStatus(order.id, "SUCCEEDED", "paid at the workshop");
    await sweepUnpaidCashOrders(new Date(order.createdAt.getTime() + 30 * 24 * 3600 * 1000));
    expect(await orderByToken(order.accessToken)).toMatchObject({ status: "PROCESSING", paymentStatus: "SUCCEEDED" });
  });
});
