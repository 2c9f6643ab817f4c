import { cashPaymentDeadline } from "@workshop/domain/cash-payment-deadline.ts";
import { formatOrderDate } from "@workshop/domain/order-date.ts";
import { baliAddress } from "@workshop/testing/sample-orders.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { Actor } from "#server/audit/actor.ts";
import { withdrawQuote, writeQuote } from "#server/custom-orders/quotes.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { jakartaAddress, usePaymentsHarness } from "#test-support/payments-harness.ts";

const { h, placeOnline } = usePaymentsHarness(jakartaAddress);
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ dev: false, logger: false });
});
afterAll(() => app?.close());

const staff: Actor = { staffId: null, label: "owner@workshop.test", role: "owner", ip: null };
/** Each test counts from an address of its own, so that one test's unknown links do not hold up another's. */
let address = 10;
const nextAddress = () => `198.51.100.${address++}`;

const get = (url: string, remoteAddress: string, cookie?: string) =>
  app.inject({ method: "GET", url, remoteAddress, headers: cookie ? { cookie } : {} });
const post = (url: string, remoteAddress: string, body: unknown = {}, cookie?: string) =>
  app.inject({
    method: "POST",
    url,
    remoteAddress,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
const cookieOf = (setCookie: unknown) => String(setCookie).split(";")[0]!;

/** A cash order of the first hat, to pick up in the workshop: paid there, nothing to pay online. */
const placeCash = () =>
  placeOrder({
    productId: 1,
    selectedSize: seedProducts[0]!.sizes[0]!,
    shippingAddress: { ...baliAddress, addressLine2: "", country: "Indonesia" },
    deliveryOption: "PICKUP",
    paymentMethod: "CASH_IN_STORE",
    locale: "en",
  });

/** A custom request with a quote of $200.01 valid for ten days. */
async function quoted() {
  const request = await h.database.db
    .insertInto("customOrders")
    .values({
      name: "Ayu",
      email: "ayu@example.com",
      hatType: "Fedora",
      material: "Straw",
      size: "58 cm",
      details: "A fedora",
      timeline: "3-4 weeks",
      locale: "en",
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const validUntil = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const quote = await writeQuote(
    request.id,
    { price: 20_001, description: "A straw fedora", productionTime: "3-4 weeks", validUntil },
    staff,
  );
  return { request, quote };
}

describe("the order's private page", () => {
  it("answers whoever holds the link: the order in the language asked for, its history, Pay now; never cached", async () => {
    const order = await placeOnline("BCA");
    const answer = await get(`/api/shop/orders/${order.accessToken}?lang=ru`, nextAddress());
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const page = answer.json();
    expect(page).toMatchObject({
      order: {
        orderNumber: order.orderNumber,
        accessToken: order.accessToken,
        totalIdr: order.totalIdr,
        status: "PENDING",
        paymentStatus: "PENDING",
      },
      payNow: "pending",
      cashDue: false,
    });
    // Written in Russian: '27 нояб. 2026 г., 21:37'.
    expect(page.order.placedAt).toMatch(/\d{4} г\./);
    expect(page.history).toEqual([expect.objectContaining({ status: "PENDING", paymentStatus: "PENDING", at: page.order.placedAt })]);
    // No internal id of the order.
    expect(JSON.stringify(page)).not.toContain(order.id);
  });

  it("says how to pay a cash order in the workshop, and offers nothing to pay online", async () => {
    const order = await placeCash();
    const page = (await get(`/api/shop/orders/${order.accessToken}`, nextAddress())).json();
    expect(page).toMatchObject({ cashDue: true, payNow: null, order: { paymentMethod: "CASH_IN_STORE" } });
    // 7 days after placing, at the workshop's closing time.
    expect(page.order.payBy).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} 5:00 PM$/);
    expect(page.order.payBy).toBe(formatOrderDate(cashPaymentDeadline(order.createdAt), "en"));
    const pay = await post(`/api/shop/orders/${order.accessToken}/pay`, nextAddress());
    expect([pay.statusCode, pay.headers["set-cookie"]]).toEqual([409, undefined]);
  });

  it("is a 404 for any other token, however it is spelled, and never a 5xx", async () => {
    for (const token of [
      "A".repeat(32),
      "%00",
      "x".repeat(1999),
      "y".repeat(2100),
      "%E2%80%AE",
      "%ED%A0%80",
      "a%2Fb",
      "'%20or%201=1%20--",
    ]) {
      const answer = await get(`/api/shop/orders/${token}`, nextAddress());
      expect([answer.statusCode, answer.json()], token).toEqual([404, { error: expect.any(String) }]);
    }
  });

  it("Pay now takes the order into this browser's checkout (its cookie), which then sees it", async () => {
    const order = await placeOnline("MANDIRI");
    const pay = await post(`/api/shop/orders/${order.accessToken}/pay`, nextAddress());
    expect([pay.statusCode, pay.json()]).toEqual([200, { next: "/checkout/payment" }]);
    expect(pay.headers["cache-control"]).toBe("private, no-store");
    const cookie = cookieOf(pay.headers["set-cookie"]);
    expect(cookie).toMatch(/^checkout=/);
    const complete = await get(`/api/shop/checkout/complete?orderId=${order.id}`, nextAddress(), cookie);
    expect([complete.statusCode, complete.json().order.orderNumber]).toEqual([200, order.orderNumber]);
    // A browser that has its own checkout keeps it.
    const again = await post(`/api/shop/orders/${order.accessToken}/pay`, nextAddress(), {}, cookie);
    expect(cookieOf(again.headers["set-cookie"])).toBe(cookie);
  });

  it("Pay now refuses an unknown token and a body that is not JSON, and changes nothing", async () => {
    const order = await placeOnline("BRI");
    const unknown = await post(`/api/shop/orders/${"B".repeat(32)}/pay`, nextAddress());
    expect([unknown.statusCode, unknown.json(), unknown.headers["set-cookie"]]).toEqual([404, { error: "Order not found" }, undefined]);
    const form = await app.inject({
      method: "POST",
      url: `/api/shop/orders/${order.accessToken}/pay`,
      remoteAddress: nextAddress(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "x=1",
    });
    expect([form.statusCode, form.headers["set-cookie"]]).toEqual([415, undefined]);
    const empty = await app.inject({ method: "POST", url: `/api/shop/orders/${order.accessToken}/pay`, remoteAddress: nextAddress() });
    expect([empty.statusCode, empty.headers["set-cookie"]]).toEqual([400, undefined]);
    const nul = await post(`/api/shop/orders/${order.accessToken}/pay`, nextAddress(), { x: "\u0000" });
    expect(nul.statusCode).toBe(400);
  });
});

describe("the quote's private page", () => {
  it("answers the quote with its deposit and balance as the shop computed them", async () => {
    const { request, quote } = await quoted();
    const answer = await get(`/api/shop/quotes/${quote.token}`, nextAddress());
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.json()).toEqual({
      requestId: request.id,
      name: "Ayu",
      version: 1,
      description: "A straw fedora",
      priceCents: 20_001,
      depositCents: 10_001,
      balanceCents: 10_000,
      productionTime: "3-4 weeks",
      validUntil: quote.validUntil.toISOString(),
      state: "open",
      canPayDeposit: false,
    });
    const unknown = await get(`/api/shop/quotes/${"C".repeat(32)}`, nextAddress());
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: "Quote not found" }]);
  });

  it("accepting takes the quote into this browser's checkout; a withdrawn quote is refused with its state, an unknown one is a 404", async () => {
    const { quote } = await quoted();
    const accepted = await post(`/api/shop/quotes/${quote.token}/accept`, nextAddress());
    expect([accepted.statusCode, accepted.json()]).toEqual([200, { next: "/checkout/shipping" }]);
    expect(cookieOf(accepted.headers["set-cookie"])).toMatch(/^checkout=/);

    const { request, quote: other } = await quoted();
    await withdrawQuote(request.id, other.id, staff);
    const refused = await post(`/api/shop/quotes/${other.token}/accept`, nextAddress());
    expect([refused.statusCode, refused.json(), refused.headers["set-cookie"]]).toEqual([
      409,
      { error: "This quote has been withdrawn", details: { state: "withdrawn" } },
      undefined,
    ]);
    const unknown = await post(`/api/shop/quotes/${"D".repeat(32)}/accept`, nextAddress());
    expect([unknown.statusCode, unknown.headers["set-cookie"]]).toEqual([404, undefined]);
  });
});

describe("the limits on private links", () => {
  it("after 30 unknown tokens in 10 minutes, an address is refused these reads before any lookup; others are not", async () => {
    const guesser = nextAddress();
    const order = await placeOnline("BNI");
    for (let i = 0; i < 30; i++) {
      const path = i % 2 ? `/api/shop/orders/${String(i).padStart(32, "E")}` : `/api/shop/quotes/${String(i).padStart(32, "F")}`;
      expect([path, (await get(path, guesser)).statusCode]).toEqual([path, 404]);
    }
    for (const path of [`/api/shop/quotes/${"G".repeat(32)}`, `/api/shop/orders/${order.accessToken}`]) {
      const refused = await get(path, guesser);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(500);
      expect(refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests\./) });
    }
    // Known links are never counted; another address is not held up.
    expect((await get(`/api/shop/orders/${order.accessToken}`, nextAddress())).statusCode).toBe(200);
  });

  it("Pay now counts against the payments: the 21st in 10 minutes is refused", async () => {
    const payer = nextAddress();
    for (let i = 0; i < 20; i++) expect((await post(`/api/shop/orders/${"H".repeat(32)}/pay`, payer)).statusCode).toBe(404);
    expect((await post(`/api/shop/orders/${"H".repeat(32)}/pay`, payer)).statusCode).toBe(429);
  });
});
