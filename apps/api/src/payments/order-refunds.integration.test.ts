import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/staff/sessions.ts";
import { usePaymentsHarness } from "#test-support/payments-harness.ts";
import { startPayment } from "./payment-requests.ts";

const MACHINE = "machine-token-for-the-refund-api-tests";
process.env.ADMIN_API_TOKEN = MACHINE;

const { h, control, placeOnline, settled } = usePaymentsHarness({
  fullName: "Made Wirawan",
  email: "made@example.com",
  phone: "+62 361 777",
  addressLine1: "Jl. Hanoman 9",
  addressLine2: "",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia",
});

const SHOP = "http://shop.test";
const CONSOLE = "http://admin.shop.test";
// The staff console these requests come from (its pages' Origin), read when the configuration is first used.
process.env.PUBLIC_URL = SHOP;
process.env.ADMIN_URL = CONSOLE;

/** An order whose second payment (ShopeePay) was taken after DANA had paid it. */
async function paidTwice() {
  const order = await placeOnline("DANA");
  const one = await startPayment(order.id, paymentMethodByCode("DANA")!);
  await control("/webhooks", { paused: true });
  await control(`/payment_requests/${one.attempt.xenditRequestId}/pay`);
  const two = await startPayment(order.id, paymentMethodByCode("SHOPEEPAY")!);
  await control(`/payment_requests/${two.attempt.xenditRequestId}/pay`);
  await control("/webhooks", { paused: false });
  await settled();
  return { orderId: order.id, extraId: two.attempt.id };
}

/** A signed-in staff member's cookie. */
async function sessionCookie(role: "owner" | "staff") {
  const account = await h.database.db
    .insertInto("staffAccounts")
    .values({ email: `${role}-${Date.now()}@workshop.test`, name: role, passwordHash: "not used here", role })
    .returningAll()
    .executeTakeFirstOrThrow();
  const { id, formToken } = await startSession(account.id, { ip: "127.0.0.1", userAgent: "test" });
  return { account, cookie: `staff=${id}`, token: formToken };
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ dev: false, logger: false });
});
afterAll(async () => {
  await app.close();
});

/** A request to the order's refunds, a body sent as JSON. */
const call = (orderId: string, init: { method?: InjectOptions["method"]; headers?: Record<string, string>; body?: string } = {}) =>
  app.inject({
    method: init.method ?? "GET",
    url: `${SHOP}/api/orders/${orderId}/refunds`,
    headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    payload: init.body,
  });
const post = (orderId: string, body: unknown, headers: Record<string, string>) =>
  call(orderId, { method: "POST", headers, body: JSON.stringify(body) });

describe("POST /api/orders/:id/refunds", () => {
  it("refunds for an owner (201) and refuses strangers (401), staff (403) and cross-site requests (403)", async () => {
    const { orderId, extraId } = await paidTwice();
    const body = { paymentAttemptId: extraId, reason: "DUPLICATE" };

    expect((await post(orderId, body, {})).statusCode).toBe(401);
    expect((await post(orderId, body, { authorization: "Bearer not-the-token-at-all" })).statusCode).toBe(401);
    const staff = await sessionCookie("staff");
    const refused = await post(orderId, body, { cookie: staff.cookie, origin: CONSOLE, "x-csrf-token": staff.token });
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: "Only an owner may refund a payment" }]);
    const owner = await sessionCookie("owner");
    expect(
      (await post(orderId, body, { cookie: owner.cookie, origin: "https://elsewhere.example", "x-csrf-token": owner.token })).statusCode,
    ).toBe(403);
    expect((await post(orderId, body, { cookie: owner.cookie, origin: CONSOLE })).statusCode).toBe(403);
    expect((await post(orderId, body, { cookie: owner.cookie, origin: CONSOLE, "x-csrf-token": staff.token })).statusCode).toBe(403);

    const created = await post(orderId, body, { cookie: owner.cookie, origin: CONSOLE, "x-csrf-token": owner.token });
    expect(created.statusCode).toBe(201);
    const refund = created.json();
    expect(refund).toMatchObject({ orderId, paymentAttemptId: extraId, reason: "DUPLICATE", staffId: owner.account.id, currency: "IDR" });
    expect(["PENDING", "SUCCEEDED"]).toContain(refund.status);
    const audit = await h.database.db.selectFrom("auditLog").selectAll().where("recordId", "=", orderId).executeTakeFirst();
    expect(audit).toMatchObject({ action: "refund", actor: owner.account.email, staffId: owner.account.id });

    const again = await post(orderId, body, { authorization: `Bearer ${MACHINE}` });
    expect(again.statusCode).toBe(409);
    expect(h.simulator.refunds().filter((r) => r.reference_id === refund.id)).toHaveLength(1);
  });

  it("answers bad input with a clear 4xx", async () => {
    const { orderId, extraId } = await paidTwice();
    const machine = { authorization: `Bearer ${MACHINE}` };
    const bad = await call(orderId, { method: "POST", headers: machine, body: "{not json" });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: "The body must be JSON: {paymentAttemptId, reason}" }]);
    expect((await post(orderId, { paymentAttemptId: extraId }, machine)).statusCode).toBe(400);
    expect((await post(orderId, { paymentAttemptId: extraId, reason: "BECAUSE" }, machine)).statusCode).toBe(400);
    expect(
      (await post("00000000-0000-4000-8000-000000000000", { paymentAttemptId: extraId, reason: "DUPLICATE" }, machine)).statusCode,
    ).toBe(404);
    expect((await call(orderId, { method: "PUT", headers: machine })).statusCode).toBe(400);
  });
});

describe("GET /api/orders/:id/refunds", () => {
  it("lists the refunds and which payments may be refunded, for owners", async () => {
    const { orderId, extraId } = await paidTwice();
    expect((await call(orderId)).statusCode).toBe(401);
    const answer = await call(orderId, { headers: { authorization: `Bearer ${MACHINE}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      refunds: [],
      payments: [
        { method: "DANA", refundable: true, blockedBy: null },
        { paymentAttemptId: extraId, method: "SHOPEEPAY", cause: "paid-twice", refundable: true },
      ],
    });
    expect((await call("00000000-0000-4000-8000-000000000000", { headers: { authorization: `Bearer ${MACHINE}` } })).statusCode).toBe(404);
  });
});
