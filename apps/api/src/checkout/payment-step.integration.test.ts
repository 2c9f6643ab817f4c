import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { callerWith, cookieOf } from "#test-support/cookies.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { type PaymentStep, pay, paymentStep } from "./payment-step.ts";
import { readCheckout, startCheckout } from "./session.ts";

let database: DatabaseHandle;
const browser = async (id?: string) => callerWith(id ? { cookie: await cookieOf(id) } : {});
const address = (state: string, city: string) => ({
  fullName: "Wayan Sari",
  email: "wayan@example.com",
  phone: "+62 361 555",
  addressLine1: "Jl. Raya 10",
  addressLine2: "",
  city,
  state,
  postalCode: "80571",
  country: "Indonesia" as const,
});

/** A browser at the payment step, with a hat chosen, an address and a delivery. */
async function atPaymentStep(state = "Bali", city = "Ubud", deliveryOption: "PICKUP" | "LION_PARCEL" = "PICKUP") {
  const hat = seedProducts[0]!;
  return startCheckout(await browser(), {
    productId: 1,
    productName: hat.name,
    selectedSize: hat.sizes[0]!,
    priceCents: hat.priceCents,
    shippingAddress: address(state, city),
    deliveryOption,
  });
}
const codes = (step: PaymentStep) => step.groups.flatMap((g) => g.methods.map((m) => m.code));
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

describe("the payment step", () => {
  it("sends a browser without a checkout back to its start", async () => {
    expect(await paymentStep(await browser(), "en")).toEqual({ next: "/checkout/confirmation" });
  });

  it("offers cash in the workshop only for a Bali address, with the amounts from the database", async () => {
    const bali = await paymentStep(await browser(await atPaymentStep()), "en");
    expect("groups" in bali && codes(bali)).toContain("CASH_IN_STORE");
    expect(bali).toMatchObject({ orderNumber: null, summary: { priceCents: seedProducts[0]!.priceCents, deliveryCents: 0 } });
    const jakarta = await paymentStep(await browser(await atPaymentStep("DKI Jakarta", "Jakarta", "LION_PARCEL")), "en");
    expect("groups" in jakarta && codes(jakarta)).not.toContain("CASH_IN_STORE");
    expect("groups" in jakarta && codes(jakarta)).toContain("BCA");
  });

  it("places a cash order and goes to its success page; a reload cannot order twice", async () => {
    const id = await atPaymentStep();
    const before = await orderCount();
    const next = await pay(await browser(id), { paymentMethod: "CASH_IN_STORE", orderId: null }, "en");
    expect(next).toMatch(/^\/checkout\/success\?order_id=[0-9a-f-]{36}$/);
    expect(await orderCount()).toBe(before + 1);
    await expect(pay(await browser(id), { paymentMethod: "CASH_IN_STORE", orderId: null }, "en")).rejects.toMatchObject({
      kind: "invalid",
    });
    expect(await orderCount()).toBe(before + 1);
  });

  it("pays only the order a 'Try Again' names, and never places a new order for it", async () => {
    const mine = await atPaymentStep();
    const other = await atPaymentStep();
    const placed = await pay(await browser(other), { paymentMethod: "CASH_IN_STORE", orderId: null }, "en");
    const otherOrderId = new URL(placed, "http://x").searchParams.get("order_id")!;
    const before = await orderCount();
    // This browser still has a hat chosen: a 'Try Again' for someone else's order must not place it.
    await expect(pay(await browser(mine), { paymentMethod: "BCA", orderId: otherOrderId }, "en")).rejects.toMatchObject({
      kind: "invalid",
    });
    expect(await orderCount()).toBe(before);
    expect((await readCheckout(await browser(mine)))?.productId).toBe(1);
    const order = await database.db.selectFrom("orders").selectAll().where("id", "=", otherOrderId).executeTakeFirst();
    expect(order).toMatchObject({ paymentMethod: "CASH_IN_STORE" });
  });
});
