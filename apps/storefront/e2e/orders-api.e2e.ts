import { countries } from "@workshop/domain/countries.ts";
import { describe, expect, inject, it } from "vitest";
import { baseURL } from "./fixtures.ts";
import { baliAddress, newYorkAddress } from "./samples.ts";

const staff = () => ({ Authorization: `Bearer ${inject("staffToken")}` });
const post = (body: unknown) =>
  fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

type Product = { id: number; price: number; sizes: { sizeInCm: number }[]; inStock: boolean };
const products = async () => (await (await fetch(`${baseURL()}/api/products`)).json()) as Product[];
const totalOrders = async () =>
  ((await (await fetch(`${baseURL()}/api/orders?limit=1`, { headers: staff() })).json()) as { pagination: { total: number } }).pagination
    .total;

async function goodPayload() {
  const p = (await products()).find((x) => x.inStock)!;
  return {
    productId: p.id,
    productName: "anything",
    selectedSize: p.sizes[0]!.sizeInCm,
    price: p.price,
    shippingAddress: newYorkAddress,
    shipping: { method: "DHL", cost: 30 },
    total: p.price + 30,
    paymentMethod: "BCA",
    status: "PENDING",
  };
}

describe("POST /api/orders", () => {
  it("places an order and answers its id and a short order number", async () => {
    const response = await post(await goodPayload());
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; orderNumber: string };
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.orderNumber).toMatch(/^RT-[0-9A-Z]{6}$/);
  });

  it("refuses bad payloads with a 4xx and a JSON error, storing nothing", async () => {
    const good = await goodPayload();
    const soldOut = (await products()).find((x) => !x.inStock)!;
    const before = await totalOrders();
    const cases: [unknown, number][] = [
      [{ ...good, price: good.price - 50 }, 400],
      [{ ...good, shipping: { method: "DHL", cost: 0 } }, 400],
      [{ ...good, total: 1 }, 400],
      [{ ...good, shipping: { method: "TELEPORT", cost: 30 } }, 400],
      [{ ...good, shippingAddress: { ...newYorkAddress, email: "" } }, 400],
      [{ ...good, productId: "one" }, 400],
      [{ ...good, price: "185" }, 400],
      [{ ...good, shippingAddress: { ...newYorkAddress, fullName: "x".repeat(10_000) } }, 400],
      [{ ...good, productName: "x".repeat(10_000) }, 400],
      [{ ...good, productId: 99999 }, 404],
      [{ ...good, productId: soldOut.id, selectedSize: soldOut.sizes[0]!.sizeInCm, price: soldOut.price, total: soldOut.price + 30 }, 409],
      [{}, 400],
      ["{not json", 400],
    ];
    for (const [body, status] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body).slice(0, 120)).toBe(status);
      const json = (await response.json()) as { error: string };
      expect(typeof json.error).toBe("string");
    }
    const unknownOption = (await (await post({ ...good, shipping: { method: "TELEPORT", cost: 30 } })).json()) as { error: string };
    expect(unknownOption.error).toBe("Invalid delivery option: TELEPORT");
    const atlantis = await post({ ...good, shippingAddress: { ...newYorkAddress, country: "Atlantis" } });
    expect(atlantis.status).toBe(400);
    const { details } = (await atlantis.json()) as { details: { path: string; message: string }[] };
    expect(details).toEqual([
      { path: "shippingAddress.country", message: `must be one of ${countries.map((c) => JSON.stringify(c)).join(", ")}` },
    ]);
    expect(await totalOrders()).toBe(before);
  });
});

describe("staff order endpoints", () => {
  it("need the bearer token", async () => {
    expect((await fetch(`${baseURL()}/api/orders`)).status).toBe(401);
    expect((await fetch(`${baseURL()}/api/orders`, { headers: { Authorization: "Bearer wrong-token-of-some-length" } })).status).toBe(401);
    const patch = await fetch(`${baseURL()}/api/orders/update-payment-status?orderId=x`, {
      method: "PATCH",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(patch.status).toBe(401);
  });

  it("list orders newest first with pagination", async () => {
    await post(await goodPayload());
    const response = await fetch(`${baseURL()}/api/orders?page=1&limit=2`, { headers: staff() });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      orders: { orderDate: string; total: number }[];
      pagination: { page: number; limit: number; total: number; totalPages: number };
    };
    expect(body.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(body.pagination.totalPages).toBe(Math.ceil(body.pagination.total / 2));
    expect(body.orders.length).toBeLessThanOrEqual(2);
    expect(JSON.stringify(body)).not.toContain("accessToken");
    const defaults = (await (await fetch(`${baseURL()}/api/orders?page=abc&limit=-5`, { headers: staff() })).json()) as {
      pagination: { page: number; limit: number };
    };
    expect(defaults.pagination).toMatchObject({ page: 1, limit: 10 });
  });

  it("mark a cash order paid once; refuse an online order, a second mark and other statuses with 409", async () => {
    const cash = {
      ...(await goodPayload()),
      shippingAddress: baliAddress,
      shipping: { method: "PICKUP", cost: 0 },
      paymentMethod: "CASH_IN_STORE",
    };
    cash.total = cash.price;
    const placed = await post(cash);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    const patch = (paymentStatus: string, orderId = id) =>
      fetch(`${baseURL()}/api/orders/update-payment-status?orderId=${orderId}`, {
        method: "PATCH",
        headers: { ...staff(), "Content-Type": "application/json" },
        body: JSON.stringify({ paymentStatus }),
      });
    const failed = await patch("FAILED");
    expect(failed.status).toBe(409);
    expect(((await failed.json()) as { error: string }).error).toMatch(/cash-in-store/);
    const paid = await patch("SUCCEEDED");
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ id, paymentStatus: "SUCCEEDED", status: "PROCESSING" });
    const again = await patch("SUCCEEDED");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "This order is already paid", details: { code: "already-paid" } });
    expect((await patch("MAYBE")).status).toBe(400);

    // An order paid online (BCA virtual account): its payment status is Xendit's to tell.
    const { id: online } = (await (await post(await goodPayload())).json()) as { id: string };
    const refused = await patch("SUCCEEDED", online);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Only cash-in-store orders can be marked paid/);

    expect((await patch("SUCCEEDED", "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("exchange rate", () => {
  it("answers a rate with its source, falling back when the source is unreachable", async () => {
    const body = (await (await fetch(`${baseURL()}/api/rates/usd-idr`)).json()) as { rate: number; source: string; fallback: boolean };
    expect(body.rate).toBeGreaterThan(1000);
    expect(["live", "cache", "fallback"]).toContain(body.source);
    expect(body.fallback).toBe(body.source === "fallback");
  });
});
