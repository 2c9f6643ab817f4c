import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeStatus } from "#server/admin-orders/order-actions.ts";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/staff/sessions.ts";
import { usePaymentsHarness } from "#test-support/payments-harness.ts";
import { startPayment } from "./payment-requests.ts";

const MACHINE = "machine-token-for-the-partial-refund-tests";
process.env.ADMIN_API_TOKEN = MACHINE;
const SHOP = "http://shop.test";
const CONSOLE = "http://admin.shop.test";
process.env.PUBLIC_URL = SHOP;
process.env.ADMIN_URL = CONSOLE;

const { h, control, placeOnline, settled } = usePaymentsHarness({
  fullName: "Ketut Arsa",
  email: "ketut@example.com",
  phone: "+62 361 111",
  addressLine1: "Jl. Bisma 4",
  addressLine2: "",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia",
});

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ dev: false, logger: false });
});
afterAll(async () => {
  await app.close();
});

async function paidOrder() {
  const order = await placeOnline("DANA");
  const { attempt } = await startPayment(order.id, paymentMethodByCode("DANA")!);
  await control(`/payment_requests/${attempt.xenditRequestId}/pay`);
  await settled();
  return { orderId: order.id, attemptId: attempt.id, totalCents: order.totalCents };
}

async function signedIn(role: "owner" | "staff") {
  const account = await h.database.db
    .insertInto("staffAccounts")
    .values({ email: `${role}-${Date.now()}-${Math.random()}@workshop.test`, name: role, passwordHash: "not used here", role })
    .returningAll()
    .executeTakeFirstOrThrow();
  const { id, formToken } = await startSession(account.id, { ip: "127.0.0.1", userAgent: "test" });
  return { cookie: `staff=${id}`, origin: CONSOLE, "x-csrf-token": formToken };
}

const machine = { authorization: `Bearer ${MACHINE}` };
const send = (method: "GET" | "POST", url: string, headers: Record<string, string>, body?: string) =>
  app.inject({
    method,
    url: `${SHOP}${url}`,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    payload: body,
  });
const postJson = (url: string, body: unknown, headers: Record<string, string> = machine) =>
  send("POST", url, headers, JSON.stringify(body));
const refundRows = (orderId: string) => h.database.db.selectFrom("refunds").selectAll().where("orderId", "=", orderId).execute();

describe("POST /api/orders/:id/refunds with an amount", () => {
  it("refunds part for an owner; refuses staff with a 403 in JSON and strangers with a 401", async () => {
    const { orderId, attemptId } = await paidOrder();
    const body = { paymentAttemptId: attemptId, reason: "REQUESTED_BY_CUSTOMER", amountUsdCents: 1_250, note: "Goodwill" };
    expect((await postJson(`/api/orders/${orderId}/refunds`, body, {})).statusCode).toBe(401);
    const refused = await postJson(`/api/orders/${orderId}/refunds`, body, await signedIn("staff"));
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: "Only an owner may refund a payment" }]);
    expect(await refundRows(orderId)).toEqual([]);

    const created = await postJson(`/api/orders/${orderId}/refunds`, body, await signedIn("owner"));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      paymentAttemptId: attemptId,
      amountUsdCents: 1_250,
      way: "XENDIT",
      note: "Goodwill",
      currency: "IDR",
    });
    await settled();
    const listing = await send("GET", `/api/orders/${orderId}/refunds`, machine);
    // Staff's reads are never kept by a browser or a proxy: a refund made since shows at once.
    expect(listing.headers["cache-control"]).toBe("no-store");
    expect(listing.json()).toMatchObject({
      money: { state: "PARTLY_REFUNDED", refundedUsdCents: 1_250, overRefundedUsdCents: 0 },
      payments: [{ paymentAttemptId: attemptId, refundedUsdCents: 1_250, byHand: true, xendit: "partial", unanswered: null }],
      refunds: [{ status: "SUCCEEDED", refundedAt: expect.any(String) }],
      returns: { recorded: null, refusal: "not-delivered" },
    });
  });

  it("answers bad input with a 400 naming it, and writes nothing", async () => {
    const { orderId, attemptId } = await paidOrder();
    const other = await paidOrder();
    const url = `/api/orders/${orderId}/refunds`;
    const base = { paymentAttemptId: attemptId, reason: "OTHERS" };
    for (const amountUsdCents of [-100, 0, 12.5, 1e15, "100", []]) {
      const answer = await postJson(url, { ...base, amountUsdCents });
      expect([answer.statusCode, answer.json().error]).toEqual([400, expect.stringContaining("amountUsdCents")]);
    }
    const nul = await send("POST", url, machine, JSON.stringify({ ...base, way: "CASH", reference: "Receipt\u00001" }));
    expect([nul.statusCode, nul.json()]).toEqual([
      400,
      { error: "Text in the body must not contain NUL characters or unpaired surrogates" },
    ]);
    const foreign = await postJson(url, { ...base, paymentAttemptId: other.attemptId });
    expect([foreign.statusCode, foreign.json()]).toEqual([400, { error: "This payment belongs to another order" }]);
    expect((await postJson(url, { ...base, paymentAttemptId: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    expect((await postJson(`/api/orders/00000000-0000-4000-8000-000000000000/refunds`, base)).statusCode).toBe(404);
    expect((await postJson(url, [base])).statusCode).toBe(400);
    expect((await postJson(url, { ...base, way: "CASH" })).json()).toEqual({
      error: "A refund made by hand needs its reference: the bank transfer's reference or the receipt's number",
    });
    const tooMuch = await postJson(url, { ...base, amountUsdCents: 99_999_999 });
    expect([tooMuch.statusCode, tooMuch.json().error]).toEqual([
      409,
      expect.stringMatching(/^Only \$[\d,.]+ of this payment is left to refund$/),
    ]);
    expect(await refundRows(orderId)).toEqual([]);
    expect(await refundRows(other.orderId)).toEqual([]);
    expect(h.simulator.refunds().filter((r) => r.metadata?.order_id === orderId)).toEqual([]);
  });
});

describe("POST /api/orders/:id/return", () => {
  it("records a delivered order as returned for an owner; staff get a 403, other methods a 405", async () => {
    const { orderId, totalCents } = await paidOrder();
    const staff = { staffId: null, label: "staff", role: "staff" as const, ip: null };
    await changeStatus(orderId, "IN_PROGRESS", {}, staff);
    await changeStatus(orderId, "SHIPPED", { trackingNumber: "LP99" }, staff);
    await changeStatus(orderId, "DELIVERED", {}, staff);

    const refused = await postJson(`/api/orders/${orderId}/return`, { kind: "RETURN" }, await signedIn("staff"));
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: "Only an owner may record a return" }]);
    const bad = await postJson(`/api/orders/${orderId}/return`, { kind: "LOST" });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: "kind must be one of RETURN, DEFECT", details: { code: "kind" } }]);
    expect((await send("GET", `/api/orders/${orderId}/return`, machine)).statusCode).toBe(405);

    const taken = await postJson(`/api/orders/${orderId}/return`, { kind: "RETURN" }, await signedIn("owner"));
    expect(taken.statusCode).toBe(201);
    expect(taken.json().returns).toMatchObject({ recorded: { kind: "RETURN", late: false }, refusal: "already-returned" });
    expect(taken.json().money).toMatchObject({ state: null, paidUsdCents: totalCents });

    // SPEC 7's GET /api/orders: every field as it was, the money after refunds and the return beside them.
    const list = (await send("GET", "/api/orders?limit=100", machine)).json() as { orders: Record<string, unknown>[] };
    expect(list.orders.find((o) => o.id === orderId)).toMatchObject({
      status: "DELIVERED",
      paymentStatus: "SUCCEEDED",
      total: totalCents / 100,
      refundState: null,
      refunded: 0,
      refundedIdr: 0,
      returnedAt: expect.any(String),
    });
  });
});
