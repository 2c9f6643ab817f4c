import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { Actor } from "#server/audit/actor.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { orderById } from "#server/orders/queries.ts";
import type { Order } from "#server/orders/types.ts";
import { startPayment } from "#server/payments/payment-requests.ts";
import { IN_STORE, refundPayment } from "#server/payments/refunds.ts";
import { usePaymentsHarness } from "#test-support/payments-harness.ts";
import { markPaid } from "./order-actions.ts";

/** A refunded order says so everywhere staff and its customer look: lists, filters, CSV, dashboard, pages. */

const MACHINE = "machine-token-for-the-refunded-orders-tests";
process.env.ADMIN_API_TOKEN = MACHINE;
const SHOP = "http://shop.test";
process.env.PUBLIC_URL = SHOP;

const bali = {
  fullName: "Putu Adi",
  email: "putu@example.com",
  phone: "+62 361 222",
  addressLine1: "Jl. Suweta 8",
  addressLine2: "",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia" as const,
};
const { control, placeOnline, settled } = usePaymentsHarness(bali);
const owner: Actor = { staffId: null, label: "owner@workshop.test", role: "owner", ip: null };

let app: FastifyInstance;
const get = (url: string, headers: Record<string, string> = { authorization: `Bearer ${MACHINE}` }) =>
  app.inject({ method: "GET", url: `${SHOP}${url}`, headers });

async function paidDana() {
  const order = await placeOnline("DANA");
  const { attempt } = await startPayment(order.id, paymentMethodByCode("DANA")!);
  await control(`/payment_requests/${attempt.xenditRequestId}/pay`);
  await settled();
  return { order: (await orderById(order.id))!, attemptId: attempt.id };
}

let partly: Order;
let refunded: Order;
let pending: Order;
let failed: Order;
let refundedIdr: number;

beforeAll(async () => {
  app = await buildApp({ dev: false, logger: false });
  const a = await paidDana();
  await refundPayment({ orderId: a.order.id, paymentAttemptId: a.attemptId, reason: "OTHERS", actor: owner, amountUsdCents: 1_000 });
  // Paid in cash in the workshop, all given back there; the customer reads Russian.
  const cash = await placeOrder({
    productId: 1,
    selectedSize: seedProducts[0]!.sizes[0]!,
    shippingAddress: bali,
    deliveryOption: "PICKUP",
    paymentMethod: "CASH_IN_STORE",
    locale: "ru",
  });
  await markPaid(cash.id, { ...owner, role: "staff" });
  const back = await refundPayment({
    orderId: cash.id,
    paymentAttemptId: IN_STORE,
    reason: "REQUESTED_BY_CUSTOMER",
    actor: owner,
    way: "CASH",
    reference: "Receipt 7",
  });
  refundedIdr = back.amount;
  const c = await paidDana();
  await control("/refunds/outcome", { status: "PENDING" });
  await refundPayment({ orderId: c.order.id, paymentAttemptId: c.attemptId, reason: "OTHERS", actor: owner, amountUsdCents: 2_000 });
  const d = await paidDana();
  await control("/refunds/outcome", { status: "FAILED", failure_code: "INSUFFICIENT_BALANCE" });
  await refundPayment({ orderId: d.order.id, paymentAttemptId: d.attemptId, reason: "OTHERS", actor: owner, amountUsdCents: 3_000 });
  await control("/refunds/outcome", { status: "SUCCEEDED" });
  await settled();
  const orders = await Promise.all([a.order.id, cash.id, c.order.id, d.order.id].map(async (id) => (await orderById(id))!));
  [partly, refunded, pending, failed] = orders as [Order, Order, Order, Order];
});
afterAll(async () => {
  await app.close();
});

describe("the orders' money after refunds", () => {
  it("is kept on each order beside its payment status, which keeps its SPEC values", () => {
    expect(partly).toMatchObject({ paymentStatus: "SUCCEEDED", refundState: "PARTLY_REFUNDED", refundedCents: 1_000 });
    expect(refunded).toMatchObject({ paymentStatus: "SUCCEEDED", refundState: "REFUNDED", refundedCents: refunded.totalCents });
    expect(pending).toMatchObject({ paymentStatus: "SUCCEEDED", refundState: "REFUND_PENDING", refundedCents: 0 });
    expect(failed).toMatchObject({ paymentStatus: "SUCCEEDED", refundState: "REFUND_FAILED", refundedCents: 0 });
  });
});

describe("the console's orders list", () => {
  it("filters by the refund state and shows it on each row; an unknown value is a 400", async () => {
    for (const [state, order] of [
      ["PARTLY_REFUNDED", partly],
      ["REFUNDED", refunded],
      ["REFUND_PENDING", pending],
      ["REFUND_FAILED", failed],
    ] as const) {
      const answer = await get(`/api/admin/orders?refund=${state}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().rows).toMatchObject([{ id: order.id, refundState: state, paymentStatus: "SUCCEEDED" }]);
    }
    const bad = await get("/api/admin/orders?refund=MAYBE");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain("refund");
  });
});

describe("SPEC 7's GET /api/orders", () => {
  it("keeps every field and adds the money after refunds", async () => {
    const answer = await get("/api/orders?limit=100");
    const row = (answer.json() as { orders: Record<string, unknown>[] }).orders.find((o) => o.id === refunded.id);
    expect(row).toMatchObject({
      status: "PROCESSING",
      paymentStatus: "SUCCEEDED",
      paymentMethod: "CASH_IN_STORE",
      total: refunded.totalCents / 100,
      refundState: "REFUNDED",
      refunded: refunded.totalCents / 100,
      refundedIdr,
      returnedAt: null,
    });
  });
});

describe("the orders CSV", () => {
  it("has the refund state, what went back in both currencies and the return, in the reader's language", async () => {
    const csv = await get("/api/admin/orders.csv?refund=REFUNDED", { authorization: `Bearer ${MACHINE}`, "accept-language": "ru" });
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toContain("Возвраты,Возвращено (USD),Возвращено (IDR),Товар возвращён (время Бали)");
    expect(lines).toHaveLength(2);
    const usd = `${Math.floor(refunded.totalCents / 100)}.${String(refunded.totalCents % 100).padStart(2, "0")}`;
    expect(lines[1]).toContain(`${refunded.orderNumber},`);
    expect(lines[1]).toMatch(new RegExp(`,Возвращён,${usd.replace(".", "\\.")},${refundedIdr},$`));
    const en = await get("/api/admin/orders.csv?refund=PARTLY_REFUNDED", { authorization: `Bearer ${MACHINE}`, "accept-language": "en" });
    expect(en.body).toContain("Refunds,Refunded (USD),Refunded (IDR),Returned (Bali time)");
    expect(en.body).toMatch(/,Partly refunded,10\.00,\d+,\n?$/);
  });
});

describe("the dashboard's money", () => {
  it("shows this week's and month's refunds, and what came in net of them", async () => {
    const { money } = (await get("/api/admin/dashboard")).json();
    const paidCents = [partly, refunded, pending, failed].reduce((n, o) => n + o.totalCents, 0);
    const paidIdr = [partly, refunded, pending, failed].reduce((n, o) => n + o.totalIdr, 0);
    const backCents = 1_000 + refunded.totalCents;
    const backIdr = partly.refundedIdr + refundedIdr;
    for (const period of ["Week", "Month"]) {
      expect(money[`paidThis${period}`]).toEqual({ usdCents: paidCents, idr: paidIdr, orders: 4 });
      expect(money[`refundedThis${period}`]).toEqual({ usdCents: backCents, idr: backIdr, orders: 2 });
      expect(money[`netThis${period}`]).toEqual({ usdCents: paidCents - backCents, idr: paidIdr - backIdr, orders: 4 });
    }
  });
});

describe("the console's order page", () => {
  it("shows the refund state and each refund with how it was made", async () => {
    const detail = (await get(`/api/admin/orders/${refunded.id}`)).json();
    expect(detail.order).toMatchObject({ paymentStatus: "SUCCEEDED", refundState: "REFUNDED", refundedCents: refunded.totalCents });
    expect(detail.refunds).toMatchObject([
      { way: "CASH", reference: "Receipt 7", status: "SUCCEEDED", amountUsdCents: refunded.totalCents, refundedAt: expect.any(String) },
    ]);
    expect(detail.mails.map((m: { template: string }) => m.template)).toContain("refund-sent");
  });
});

describe("the customer's order page", () => {
  it("says refunded, partly refunded or on its way, and never shows a refund that failed", async () => {
    const page = async (order: Order, lang: string) => (await get(`/api/shop/orders/${order.accessToken}?lang=${lang}`, {})).json();
    const ru = await page(refunded, "ru");
    expect(ru.order.paymentStatus).toBe("SUCCEEDED");
    expect(ru.refund).toMatchObject({
      state: "REFUNDED",
      refundedCents: refunded.totalCents,
      refunds: [{ way: "CASH", done: true, usdCents: refunded.totalCents, amount: refundedIdr }],
    });
    expect((await page(partly, "en")).refund).toMatchObject({
      state: "PARTLY_REFUNDED",
      refunds: [{ way: "XENDIT", method: "DANA", done: true }],
    });
    expect((await page(pending, "en")).refund).toMatchObject({ state: "REFUND_PENDING", refunds: [{ done: false }] });
    expect((await page(failed, "en")).refund).toEqual({ state: null, refundedCents: 0, refundedIdr: 0, refunds: [] });
  });
});
