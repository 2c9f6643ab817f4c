import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import { baliAddress } from "@workshop/testing/sample-orders.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { attemptByXenditId, providerStatus } from "#server/payments/attempts.ts";
import { startPayment } from "#server/payments/payment-requests.ts";
import { xendit } from "#server/payments/xendit/connection.ts";
import { testCards } from "#simulators/xendit/test-cards.ts";
import { callerWith, cookieOf } from "#test-support/cookies.ts";
import { jakartaAddress, usePaymentsHarness } from "#test-support/payments-harness.ts";
import { startCheckout } from "./session.ts";

const { h, control, placeOnline, settled } = usePaymentsHarness(jakartaAddress);
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ dev: false, logger: false });
});
afterAll(() => app?.close());

/** An order placed online with `method` and its payment started, and the cookie of the browser that placed it. */
async function placedAndStarted(method: string) {
  const order = await placeOnline(method);
  const { attempt } = await startPayment(order.id, paymentMethodByCode(method)!);
  const cookie = await cookieOf(await startCheckout(callerWith(), { placedOrderIds: [order.id] }));
  return { order, paymentId: attempt.xenditRequestId!, cookie };
}

/** A browser with a checkout of its own that placed nothing. */
const stranger = async () => cookieOf(await startCheckout(callerWith(), { placedOrderIds: [] }));

const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const post = (url: string, body: unknown, cookie?: string) =>
  app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });

describe("the success and complete pages' order", () => {
  it("answer the order this browser placed, in the language asked for, and how its payment stands", async () => {
    const { order, paymentId, cookie } = await placedAndStarted("BCA");
    const answer = await get(`/api/shop/checkout/success?orderId=${order.id}&paymentId=${paymentId}&lang=ru`, cookie);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const page = answer.json();
    expect(page).toMatchObject({
      order: { orderNumber: order.orderNumber, accessToken: order.accessToken, totalIdr: order.totalIdr },
      outcome: "processing",
      payment: { id: paymentId, methodCode: "BCA", status: "PENDING" },
      paymentUnavailable: false,
      cashDue: false,
    });
    expect(page.order.placedAt).toMatch(/\d{4} г\./);
    expect(JSON.stringify(page)).not.toContain(`"${order.id}"`);
    const complete = await get(`/api/shop/checkout/complete?orderId=${order.id}`, cookie);
    expect(complete.json()).toMatchObject({ order: { orderNumber: order.orderNumber }, cashDue: false });

    await xendit().simulatePayment(paymentId);
    await settled();
    await expect
      .poll(async () => (await get(`/api/shop/checkout/success?orderId=${order.id}&paymentId=${paymentId}`, cookie)).json().outcome)
      .toBe("paid");
  });

  it("say how to pay a cash order in the workshop", async () => {
    const order = await placeOrder({
      productId: 1,
      selectedSize: seedProducts[0]!.sizes[0]!,
      shippingAddress: { ...baliAddress, addressLine2: "", country: "Indonesia" },
      deliveryOption: "PICKUP",
      paymentMethod: "CASH_IN_STORE",
      locale: "en",
    });
    const cookie = await cookieOf(await startCheckout(callerWith(), { placedOrderIds: [order.id] }));
    expect((await get(`/api/shop/checkout/success?orderId=${order.id}`, cookie)).json()).toMatchObject({
      outcome: "cash",
      payment: null,
      cashDue: true,
    });
    expect((await get(`/api/shop/checkout/complete?orderId=${order.id}`, cookie)).json()).toMatchObject({ cashDue: true });
  });

  it("send a payment that failed while the order is unpaid to the failed page", async () => {
    const { order, paymentId, cookie } = await placedAndStarted("PERMATA");
    await control(`/payment_requests/${paymentId}/fail`, { failure_code: "PROCESSOR_ERROR" });
    await settled();
    await expect
      .poll(async () => (await get(`/api/shop/checkout/success?orderId=${order.id}&paymentId=${paymentId}`, cookie)).json())
      .toEqual({ next: `/checkout/failed?order_id=${order.id}&payment_id=${paymentId}` });
  });

  it("are no one else's", async () => {
    const { order, paymentId } = await placedAndStarted("BCA");
    for (const cookie of [undefined, await stranger()]) {
      for (const url of [
        `/api/shop/checkout/success?orderId=${order.id}&paymentId=${paymentId}`,
        `/api/shop/checkout/complete?orderId=${order.id}`,
      ]) {
        const answer = await get(url, cookie);
        expect([answer.statusCode, answer.json()], url).toEqual([404, { error: "Order not found" }]);
      }
    }
    expect((await get("/api/shop/checkout/success?orderId=%00&lang[]=x")).statusCode).toBe(404);
  });
});

describe("the QR page's payment", () => {
  it("answers this browser's QRIS payment, never cached; its code comes from its own endpoint", async () => {
    const { order, paymentId, cookie } = await placedAndStarted("QRIS");
    const answer = await get(`/api/shop/checkout/qr?orderId=${order.id}&paymentId=${paymentId}`, cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.json()).toEqual({
      orderId: order.id,
      orderNumber: order.orderNumber,
      paymentId,
      record: expect.objectContaining({ id: paymentId, reference_id: order.id, status: "PENDING", amount: order.totalIdr }),
      hasQrCode: true,
      deepLink: null,
      sandbox: expect.any(Boolean),
    });
    const code = await get(`/api/shop/checkout/qr-code/${paymentId}`, cookie);
    expect(code.statusCode).toBe(200);
    expect(code.json()).toEqual({ orderNumber: order.orderNumber, qrString: expect.stringMatching(/\S{20,}/) });
    // The instructions page sends a QR payment to its page.
    expect((await get(`/api/shop/checkout/payment-instructions?orderId=${order.id}&paymentId=${paymentId}`, cookie)).json()).toEqual({
      next: `/checkout/qr?order_id=${order.id}&payment_id=${paymentId}`,
    });
  });

  it("is no one else's: another browser, or none, is sent to the payment step and gets no code", async () => {
    const { order, paymentId } = await placedAndStarted("QRIS");
    for (const cookie of [undefined, await stranger()]) {
      const page = await get(`/api/shop/checkout/qr?orderId=${order.id}&paymentId=${paymentId}`, cookie);
      expect(page.json()).toEqual({ next: "/checkout/payment" });
      const code = await get(`/api/shop/checkout/qr-code/${paymentId}`, cookie);
      expect([code.statusCode, code.json()]).toEqual([404, { error: "Payment not found" }]);
      expect(code.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("takes ids of any shape without a 5xx", async () => {
    const { cookie } = await placedAndStarted("QRIS");
    for (const id of ["%00", "x".repeat(3000), "%E0%A4%A", "pr-%2F..%2F", "%F0%9F%8E%A9"]) {
      const code = await get(`/api/shop/checkout/qr-code/${id}`, cookie);
      expect(code.statusCode, id).toBe(404);
      const page = await get(`/api/shop/checkout/qr?orderId=${id}&paymentId=${id}&paymentId=2`, cookie);
      expect([page.statusCode, page.json()], id).toEqual([200, { next: "/checkout/payment" }]);
    }
  });
});

describe("the payment instructions", () => {
  it("answer a virtual account with its number, the method and the seconds left; the QR page sends it here", async () => {
    const { order, paymentId, cookie } = await placedAndStarted("BCA");
    const answer = (await get(`/api/shop/checkout/payment-instructions?orderId=${order.id}&paymentId=${paymentId}`, cookie)).json();
    expect(answer).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      paymentId,
      method: { code: "BCA", type: "VIRTUAL_ACCOUNT", logo: "BCA" },
      record: { payment_method: { type: "VIRTUAL_ACCOUNT", channel_properties: { virtual_account_number: expect.any(String) } } },
    });
    expect(answer.secondsLeft).toBeGreaterThan(3600);
    expect((await get(`/api/shop/checkout/qr?orderId=${order.id}&paymentId=${paymentId}`, cookie)).json()).toEqual({
      next: `/checkout/payment-instructions?order_id=${order.id}&payment_id=${paymentId}`,
    });
    // A payment of a BCA order has no QR code to draw.
    expect((await get(`/api/shop/checkout/qr-code/${paymentId}`, cookie)).statusCode).toBe(404);
  });
});

describe("the failed page's payment", () => {
  it("is this browser's only", async () => {
    const { order, paymentId, cookie } = await placedAndStarted("MANDIRI");
    const mine = await get(`/api/shop/checkout/failed?paymentId=${paymentId}`, cookie);
    expect(mine.json()).toEqual({ orderNumber: order.orderNumber, record: expect.objectContaining({ id: paymentId, status: "PENDING" }) });
    expect((await get(`/api/shop/checkout/failed?orderId=${order.id}`, cookie)).statusCode).toBe(200);
    for (const cookie of [undefined, await stranger()]) {
      const other = await get(`/api/shop/checkout/failed?orderId=${order.id}&paymentId=${paymentId}`, cookie);
      expect([other.statusCode, other.json()]).toEqual([404, { error: "Payment not found" }]);
    }
    expect((await get("/api/shop/checkout/failed", cookie)).statusCode).toBe(404);
  });
});

describe("the return from Xendit's pages", () => {
  /** A card payment's signed return address, as Xendit sends the customer to it. */
  async function cardReturn() {
    const order = await placeOnline("CARD");
    const { attempt } = await startPayment(order.id, paymentMethodByCode("CARD")!);
    const back = new URL(h.simulator.paymentSession(attempt.xenditRequestId!)!.success_return_url as string).searchParams;
    return {
      order,
      paymentId: attempt.xenditRequestId!,
      body: { orderId: back.get("order_id"), attempt: back.get("attempt"), sig: back.get("sig") },
    };
  }

  it("signed, in another browser: the order joins that browser's checkout (its cookie) and the success page waits for the payment", async () => {
    const { order, paymentId, body } = await cardReturn();
    const answer = await post("/api/shop/checkout/return", { ...body, failed: false });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ next: `/checkout/success?order_id=${order.id}&payment_id=${paymentId}` });
    const cookie = String(answer.headers["set-cookie"]).split(";")[0]!;
    expect(cookie).toMatch(/^checkout=/);
    // That browser now sees the payment; returning again sets no new cookie.
    expect((await get(`/api/shop/checkout/failed?paymentId=${paymentId}`, cookie)).statusCode).toBe(200);
    const again = await post("/api/shop/checkout/return", { ...body, failed: false }, cookie);
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("by the cancel link: the session is closed and the failed page shows", async () => {
    const { order, paymentId, body } = await cardReturn();
    const answer = await post("/api/shop/checkout/return", { ...body, failed: true });
    expect(answer.json()).toEqual({ next: `/checkout/failed?order_id=${order.id}&payment_id=${paymentId}` });
    expect(providerStatus((await attemptByXenditId(paymentId))!)).not.toBe("PENDING");
  });

  // Each of the hosted checkout's failing test cards, then its cancel link: the failed page is told
  // why (the storefront's FailedPayment test words each reason). Left without a card: CANCELLED.
  it.each([...testCards.filter((card) => card.failureCode).map((card) => [card.number, card.failureCode!]), ["", "CANCELLED"]])(
    "by the cancel link after the card '%s': the failed page's payment gives the reason %s",
    async (card, reason) => {
      const { order, paymentId, body } = await cardReturn();
      if (card) {
        const form = new URLSearchParams({ outcome: "approve", card_number: card, expiry: "12/39", cvn: "123", cardholder_name: "Budi" });
        const page = await fetch(h.simulator.paymentSession(paymentId)!.payment_link_url, {
          method: "POST",
          body: form,
          redirect: "manual",
        });
        expect(page.status).toBe(402);
        await settled();
      }
      const answer = await post("/api/shop/checkout/return", { ...body, failed: true });
      expect(answer.json()).toEqual({ next: `/checkout/failed?order_id=${order.id}&payment_id=${paymentId}` });
      const cookie = String(answer.headers["set-cookie"]).split(";")[0]!;
      expect((await get(`/api/shop/checkout/failed?paymentId=${paymentId}`, cookie)).json()).toEqual({
        orderNumber: order.orderNumber,
        record: expect.objectContaining({ id: paymentId, status: "CANCELLED", failure_reason: reason }),
      });
    },
  );

  it("unsigned or forged, for a stranger: the payment step, no cookie, nothing changed", async () => {
    const { body, paymentId } = await cardReturn();
    for (const sig of [null, "forged", `${body.sig}x`]) {
      const answer = await post("/api/shop/checkout/return", { ...body, sig, failed: true }, await stranger());
      expect(answer.json()).toEqual({ next: "/checkout/payment" });
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    expect(providerStatus((await attemptByXenditId(paymentId))!)).toBe("PENDING");
  });

  it("refuses bad input with a 4xx {error}", async () => {
    const { body } = await cardReturn();
    for (const bad of [{ ...body, attempt: 1 }, { ...body, sig: "s".repeat(300) }, { ...body, failed: "yes" }, [body], "text"]) {
      const answer = await post("/api/shop/checkout/return", bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json()).toMatchObject({ error: expect.any(String) });
    }
    const nul = await post("/api/shop/checkout/return", { ...body, orderId: "a\u0000b", failed: false });
    expect(nul.statusCode).toBe(400);
    const form = await app.inject({
      method: "POST",
      url: "/api/shop/checkout/return",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "orderId=x",
    });
    expect(form.statusCode).toBe(415);
  });
});

describe("the sandbox's pay button", () => {
  it("pays this browser's waiting payment, and no one else's", async () => {
    const { paymentId, cookie } = await placedAndStarted("BNI");
    for (const other of [undefined, await stranger()]) {
      const refused = await post("/api/shop/checkout/sandbox-payment", { paymentId, outcome: "pay" }, other);
      expect([refused.statusCode, refused.json()]).toEqual([404, { error: "Payment not found" }]);
    }
    expect(providerStatus((await attemptByXenditId(paymentId))!)).toBe("PENDING");
    const bad = await post("/api/shop/checkout/sandbox-payment", { paymentId, outcome: "maybe" }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ details: { outcome: "outcome must be pay or fail" } });
    const paid = await post("/api/shop/checkout/sandbox-payment", { paymentId, outcome: "pay" }, cookie);
    expect([paid.statusCode, paid.json()]).toEqual([200, { ok: true }]);
    await settled();
    await expect.poll(async () => providerStatus((await attemptByXenditId(paymentId))!)).toBe("SUCCEEDED");
  });
});
