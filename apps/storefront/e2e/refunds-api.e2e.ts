import { describe, expect, inject, it } from "vitest";
import { baseURL } from "./fixtures.ts";
import { orderPayload } from "./samples.ts";

/** Refunds over HTTP against the built shop and its sandbox: a payment taken twice is sent back. */
const staff = () => ({ authorization: `Bearer ${inject("staffToken")}`, "content-type": "application/json" });
const post = (path: string, body: unknown, headers: Record<string, string> = staff()) =>
  fetch(baseURL() + path, { method: "POST", headers, body: JSON.stringify(body) });

async function sandbox(path: string, body: object = {}) {
  const response = await post(`/_sandbox/xendit/_control${path}`, body);
  expect(response.ok, await response.clone().text()).toBe(true);
}

async function requestPayment(orderId: string, channelCode: string): Promise<string> {
  const response = await post("/api/xendit/payment-request", { orderId, channelCode });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { xenditPaymentId: string }).xenditPaymentId;
}

type Listing = {
  refunds: { id: string; status: string; amount: number; paymentAttemptId: string }[];
  payments: { paymentAttemptId: string; method: string; amount: number; cause: string | null; refundable: boolean }[];
};
const listing = async (orderId: string) =>
  (await (await fetch(`${baseURL()}/api/orders/${orderId}/refunds`, { headers: staff() })).json()) as Listing;

describe("POST /api/orders/:id/refunds", () => {
  it("refunds the second of two payments in full; the order stays paid", async () => {
    const placed = await post("/api/orders", await orderPayload(baseURL()), { "content-type": "application/json" });
    expect(placed.status).toBe(201);
    const { id: orderId } = (await placed.json()) as { id: string };

    // The customer pays with DANA in one tab and with ShopeePay in another.
    const first = await requestPayment(orderId, "DANA");
    await sandbox("/webhooks", { paused: true });
    await sandbox(`/payment_requests/${first}/pay`);
    const second = await requestPayment(orderId, "SHOPEEPAY");
    await sandbox(`/payment_requests/${second}/pay`);
    await sandbox("/webhooks", { paused: false });
    await expect.poll(async () => (await listing(orderId)).payments.map((p) => p.cause)).toEqual([null, "paid-twice"]);

    const extra = (await listing(orderId)).payments[1]!;
    expect(extra).toMatchObject({ method: "SHOPEEPAY", refundable: true });
    const anonymous = await post(
      `/api/orders/${orderId}/refunds`,
      { paymentAttemptId: extra.paymentAttemptId, reason: "DUPLICATE" },
      {
        "content-type": "application/json",
      },
    );
    expect(anonymous.status).toBe(401);

    const created = await post(`/api/orders/${orderId}/refunds`, { paymentAttemptId: extra.paymentAttemptId, reason: "DUPLICATE" });
    expect(created.status).toBe(201);
    const refund = (await created.json()) as { id: string; amount: number; currency: string };
    expect(refund).toMatchObject({ amount: extra.amount, currency: "IDR" });
    await expect.poll(async () => (await listing(orderId)).refunds.map((r) => [r.id, r.status])).toEqual([[refund.id, "SUCCEEDED"]]);

    const again = await post(`/api/orders/${orderId}/refunds`, { paymentAttemptId: extra.paymentAttemptId, reason: "DUPLICATE" });
    expect([again.status, await again.json()]).toEqual([409, { error: "This payment has already been refunded" }]);
    const orders = (await (await fetch(`${baseURL()}/api/orders?limit=100`, { headers: staff() })).json()) as {
      orders: { id: string; paymentStatus: string }[];
    };
    expect(orders.orders.find((o) => o.id === orderId)).toMatchObject({ paymentStatus: "SUCCEEDED" });
  });
});
