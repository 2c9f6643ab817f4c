import { describe, expect, inject, it } from "vitest";
import { baseURL } from "./fixtures.ts";

/** The payment endpoints over HTTP, as Xendit and the old client call them. */
const call = (path: string, init?: RequestInit) => fetch(baseURL() + path, { redirect: "manual", ...init });
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

const staff = () => ({ authorization: `Bearer ${inject("staffToken")}` });

/** Places an order through the API; `cookie` is the checkout cookie the answer set for this client. */
async function placeOrder(): Promise<{ id: string; cookie: string }> {
  const product = (await (await call("/api/products/1")).json()) as { price: number; sizes: { sizeInCm: number }[] };
  const response = await call(
    "/api/orders",
    json({
      productId: 1,
      selectedSize: product.sizes[0]!.sizeInCm,
      price: product.price,
      shippingAddress: {
        fullName: "Api Customer",
        email: "api@example.com",
        phone: "+62 21 1",
        addressLine1: "Jl. Sudirman 1",
        city: "Jakarta",
        state: "DKI Jakarta",
        postalCode: "10220",
        country: "Indonesia",
      },
      shipping: { method: "LION_PARCEL", cost: 11.5 },
      total: product.price + 11.5,
      paymentMethod: "BCA",
    }),
  );
  expect(response.status).toBe(201);
  const cookie = response.headers.get("set-cookie")?.split(";")[0] ?? "";
  expect(cookie).toMatch(/^checkout=/);
  return { ...((await response.json()) as { id: string }), cookie };
}

describe("POST /api/xendit/webhook", () => {
  const event = {
    event: "payment.capture",
    data: { payment_id: "py-http-1", payment_request_id: "pr-http-1", status: "SUCCEEDED", request_amount: 1, currency: "IDR" },
  };

  it("refuses a missing or wrong callback token with 401 and a JSON error", async () => {
    for (const headers of [{}, { "x-callback-token": "wrong-token" }] as Record<string, string>[]) {
      const response = await call("/api/xendit/webhook", json(event, headers));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Invalid callback token" });
    }
  });

  it("answers a GET with 405", async () => {
    expect((await call("/api/xendit/webhook")).status).toBe(405);
  });
});

describe("POST /api/xendit/payment-request", () => {
  it("creates a payment request for an order and charges the order's amount", async () => {
    const order = await placeOrder();
    const response = await call(
      "/api/xendit/payment-request",
      json(
        {
          orderId: order.id,
          amount: 1,
          paymentMethodType: "VIRTUAL_ACCOUNT",
          channelCode: "BCA",
          customerData: { email: "x@example.com" },
          description: "tampered",
        },
        { cookie: order.cookie },
      ),
    );
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { actions: unknown[]; orderId: string; xenditPaymentId: string };
    expect(answer).toMatchObject({ actions: [], orderId: order.id, xenditPaymentId: expect.stringMatching(/^pr-/) });

    const status = await call(`/api/xendit/payment-status?paymentId=${answer.xenditPaymentId}`, { headers: { cookie: order.cookie } });
    expect(status.status).toBe(200);
    const body = (await status.json()) as {
      success: boolean;
      status: string;
      payment: { amount: number; currency: string; payment_method: { channel_code: string; channel_properties: Record<string, unknown> } };
    };
    expect(body).toMatchObject({ success: true, status: "PENDING", payment: { currency: "IDR", payment_method: { channel_code: "BCA" } } });
    expect(body.payment.amount).toBeGreaterThan(1_000_000);
    expect(body.payment.payment_method.channel_properties.virtual_account_number).toMatch(/^\d+$/);
    expect(JSON.stringify(body)).not.toContain("api@example.com");
  });

  it("answers anyone but the placing client, the order's link holder and staff 404, and changes nothing", async () => {
    const order = await placeOrder();
    const first = await call("/api/xendit/payment-request", json({ orderId: order.id, channelCode: "BCA" }, { cookie: order.cookie }));
    const { xenditPaymentId } = (await first.json()) as { xenditPaymentId: string };
    const other = await placeOrder();
    const strangers: Record<string, string>[] = [
      {},
      { cookie: other.cookie },
      { "x-order-token": "A".repeat(32) },
      { authorization: "Bearer not-the-staff-token" },
    ];
    for (const headers of strangers) {
      const attack = await call("/api/xendit/payment-request", json({ orderId: order.id, channelCode: "MANDIRI" }, headers));
      expect(attack.status).toBe(404);
      expect(await attack.json()).toEqual({ error: "Order not found" });
      const peek = await call(`/api/xendit/payment-status?orderId=${order.id}`, { headers });
      expect(peek.status).toBe(404);
      expect((await call(`/api/xendit/payment-status?paymentId=${xenditPaymentId}`, { headers })).status).toBe(404);
    }
    // Staff see the first request still open and the order still on BCA.
    const status = await call(`/api/xendit/payment-status?orderId=${order.id}`, { headers: staff() });
    expect(await status.json()).toMatchObject({
      success: true,
      status: "PENDING",
      payment: { id: xenditPaymentId, payment_method: { channel_code: "BCA" } },
    });
    const listed = (await (await call("/api/orders?limit=100", { headers: staff() })).json()) as {
      orders: { id: string; paymentMethod: string }[];
    };
    expect(listed.orders.find((o) => o.id === order.id)).toMatchObject({ paymentMethod: "BCA" });
    // Staff may switch it.
    expect((await call("/api/xendit/payment-request", json({ orderId: order.id, channelCode: "MANDIRI" }, staff()))).status).toBe(201);
  });

  it.each([
    ["not JSON", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }, 400],
    ["no order id", json({ channelCode: "BCA" }), 400],
    ["an unknown order", json({ orderId: "00000000-0000-4000-8000-000000000000", channelCode: "BCA" }), 404],
    ["an unknown channel", json({ orderId: "00000000-0000-4000-8000-000000000000", channelCode: "BITCOIN" }), 400],
  ] as const)("answers %s with a clear JSON error", async (_name, init, status) => {
    const response = await call("/api/xendit/payment-request", init as RequestInit);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toEqual(expect.any(String));
  });
});

describe("GET /api/xendit/payment-status", () => {
  it("needs a payment id or an order id, and says when nothing is found", async () => {
    expect((await call("/api/xendit/payment-status")).status).toBe(400);
    const missing = await call("/api/xendit/payment-status?paymentId=pr-nothing-here");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, payment: null, error: "Payment not found", status: null });
  });
});

describe("the other paths that change a payment refuse strangers", () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  const statusOf = async (paymentId: string) =>
    ((await (await call(`/api/xendit/payment-status?paymentId=${paymentId}`, { headers: staff() })).json()) as { status: string }).status;

  it("the sandbox's pay and fail buttons act only for the browser that placed the order", async () => {
    const order = await placeOrder();
    const started = await call("/api/xendit/payment-request", json({ orderId: order.id, channelCode: "BCA" }, { cookie: order.cookie }));
    const { xenditPaymentId } = (await started.json()) as { xenditPaymentId: string };
    const other = await placeOrder();
    for (const headers of [{}, { cookie: other.cookie }] as Record<string, string>[]) {
      const attempt = await call(
        "/checkout/sandbox-payment",
        form({ paymentId: xenditPaymentId, outcome: "pay", returnTo: "/checkout/payment" }, headers),
      );
      expect(attempt.status).toBe(404);
    }
    expect(await statusOf(xenditPaymentId)).toBe("PENDING");
  });

  it("'Try Again' for an order that is not this browser's places nothing and pays nothing", async () => {
    const order = await placeOrder();
    const other = await placeOrder();
    const before = (await (await call("/api/orders?limit=1", { headers: staff() })).json()) as { pagination: { total: number } };
    const answer = await call("/checkout/payment", form({ orderId: order.id, paymentMethod: "MANDIRI" }, { cookie: other.cookie }));
    // Refused: no payment page to go to (this browser's own checkout step shows, or sends it back to its start).
    expect(answer.headers.get("location") ?? "").not.toMatch(/payment-instructions|qr|success|_sandbox/);
    const after = (await (await call("/api/orders?limit=100", { headers: staff() })).json()) as {
      pagination: { total: number };
      orders: { id: string; paymentMethod: string }[];
    };
    expect(after.pagination.total).toBe(before.pagination.total);
    expect(after.orders.find((o) => o.id === order.id)).toMatchObject({ paymentMethod: "BCA" });
  });

  it("'Pay now' on an order page needs the order's own link", async () => {
    const answer = await call(`/orders/${"A".repeat(32)}`, form({}));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("set-cookie")).toBeNull();
  });
});
