import { centsToIdr } from "@workshop/domain/money.ts";
import { addressStepAnswer, confirmationAnswer, deliveryStepAnswer, paymentStepAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { baliAddress, newYorkAddress } from "@workshop/testing/sample-orders.ts";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

// Read by the first config() call, which comes after these lines.
process.env.RATE_LIMIT_ORDERS = "20/600";
process.env.RATE_LIMIT_WRITES = "1000/60";

// Whether the shop runs its payments in the built-in sandbox (no Xendit key): a test may turn it off.
const mode = vi.hoisted(() => ({ sandbox: true }));
vi.mock("#server/config.ts", async (original) => ({
  ...(await original<typeof import("#server/config.ts")>()),
  paymentsSandbox: () => mode.sandbox,
}));

let test: TestApp;
let app: FastifyInstance;
type Hat = { id: number; name: string; priceCents: number; sizes: number[] };
let hat: Hat;
let otherHat: Hat;
let soldOut: Hat;

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  await seedCatalogIfEmpty(test.database.db);
  const products = await test.database.db
    .selectFrom("products")
    .select(["id", "name", "priceCents", "sizes", "inStock"])
    .orderBy("id")
    .execute();
  const sized = products.filter((p) => p.inStock && p.sizes.length > 0);
  hat = sized[0]!;
  otherHat = sized[1]!;
  soldOut = products.find((p) => !p.inStock)!;
});
afterAll(() => test?.close());

/** A browser: its checkout cookie, once the shop gave it one. */
type Browser = { cookie?: string; ip?: string };

const call = (browser: Browser, method: InjectOptions["method"], url: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method,
    url,
    remoteAddress: browser.ip,
    headers: {
      ...(browser.cookie ? { cookie: browser.cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    payload: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

/** The checkout cookie an answer sets, as the browser sends it back; null when it sets none. */
function checkoutCookieOf(response: LightMyRequestResponse): string | null {
  const set = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
  return set.find((c) => c.startsWith("checkout="))?.split(";")[0] ?? null;
}

const sessionCount = async () => (await test.database.db.selectFrom("checkoutSessions").select("id").execute()).length;
const orderCount = async () => (await test.database.db.selectFrom("orders").select("id").execute()).length;

/** A browser that pressed Order Now on a hat (`hat` unless named) in its first size. */
async function withHat(lang = "en", chosen = hat): Promise<Browser> {
  const answer = await call({}, "POST", "/api/shop/checkout/order-now", { productId: chosen.id, size: String(chosen.sizes[0]), lang });
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({ next: "/checkout/confirmation" });
  return { cookie: checkoutCookieOf(answer)! };
}

/** A browser at the payment step: a hat, `address` and `delivery`. */
async function atPayment(address: object, delivery: string): Promise<Browser> {
  const browser = await withHat();
  expect((await call(browser, "POST", "/api/shop/checkout/address", { ...address, lang: "en" })).json()).toEqual({
    next: "/checkout/shipping-options",
  });
  expect((await call(browser, "POST", "/api/shop/checkout/delivery", { deliveryOption: delivery })).json()).toEqual({
    next: "/checkout/payment",
  });
  return browser;
}

describe("a browser without a checkout", () => {
  it("is told what is missing at step 1 and sent back to it from the others, never kept in a cache", async () => {
    const first = await call({}, "GET", "/api/shop/checkout/confirmation?lang=en");
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    expect(confirmationAnswer.parse(first.json())).toEqual({ problem: "missing", name: null, choice: null });
    for (const step of ["address", "delivery", "payment"]) {
      const answer = await call({}, "GET", `/api/shop/checkout/${step}?lang=ru`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ next: "/checkout/confirmation" });
    }
  });

  it("saves no address and chooses no delivery, and a forged cookie is no checkout", async () => {
    const before = await sessionCount();
    expect((await call({}, "POST", "/api/shop/checkout/address", newYorkAddress)).json()).toEqual({ next: "/checkout/confirmation" });
    const forged = { cookie: "checkout=IjAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLTAwMDAwMDAwMDAwMCI%3D" };
    expect((await call(forged, "POST", "/api/shop/checkout/address", newYorkAddress)).json()).toEqual({ next: "/checkout/confirmation" });
    const delivery = await call(forged, "POST", "/api/shop/checkout/delivery", { deliveryOption: "DHL" });
    expect(delivery.statusCode).toBe(400);
    expect(delivery.json()).toEqual({ error: "Please complete the previous steps to continue." });
    expect(await sessionCount()).toBe(before);
  });
});

describe("Order Now", () => {
  it("starts the checkout with the hat, its size and its price from the database, in the cookie it sets", async () => {
    const browser = await withHat("ru");
    const step = confirmationAnswer.parse((await call(browser, "GET", "/api/shop/checkout/confirmation?lang=ru")).json());
    expect(step).toMatchObject({
      problem: null,
      choice: { product: { id: hat.id, priceCents: hat.priceCents }, size: hat.sizes[0] },
    });
    // The hat's name in the language asked for.
    expect("choice" in step && step.choice?.product.name).not.toBe(hat.name);
  });

  it.each([
    ["a size it does not come in", () => ({ productId: hat.id, size: "99" }), 400],
    ["no size", () => ({ productId: hat.id }), 400],
    ["a size of 10,000 characters", () => ({ productId: hat.id, size: "5".repeat(10_000) }), 400],
    ["a size with a NUL", () => ({ productId: hat.id, size: "5\u00006" }), 400],
    ["a size as a number", () => ({ productId: hat.id, size: 56 }), 400],
    ["an id as text", () => ({ productId: String(hat.id), size: "56" }), 400],
    ["an unknown hat", () => ({ productId: 999_999, size: "56" }), 404],
    ["a sold-out hat", () => ({ productId: soldOut.id, size: String(soldOut.sizes[0] ?? "") }), 409],
  ])("refuses %s with {error}, setting no cookie and storing nothing", async (_, body, status) => {
    const before = await sessionCount();
    const answer = await call({}, "POST", "/api/shop/checkout/order-now", body());
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ error: expect.any(String) });
    expect(checkoutCookieOf(answer)).toBeNull();
    expect(await sessionCount()).toBe(before);
  });

  it("takes JSON only", async () => {
    const form = await call({}, "POST", "/api/shop/checkout/order-now", `productId=${hat.id}&size=56`, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.statusCode).toBe(415);
    const broken = await call({}, "POST", "/api/shop/checkout/order-now", "{", { "content-type": "application/json" });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: expect.any(String) });
  });
});

describe("the address step", () => {
  it("refuses wrong fields with each field's message in the customer's language, saving nothing", async () => {
    const browser = await withHat();
    const answer = await call(browser, "POST", "/api/shop/checkout/address", {
      ...newYorkAddress,
      fullName: "",
      email: "not-an-email",
      city: "x".repeat(101),
      state: "New\u0007York",
      country: "Atlantis",
      lang: "ru",
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: expect.any(String),
      details: {
        fullName: "Это поле обязательно",
        email: "Пожалуйста, введите корректный адрес эл. почты",
        city: "Слишком длинный текст",
        state: "Здесь есть недопустимые символы",
        country: "Выберите одну из стран, куда мы доставляем",
      },
    });
    const english = await call(browser, "POST", "/api/shop/checkout/address", { phone: 5 });
    expect(english.json().details).toMatchObject({ fullName: "This field is required", phone: "This field is required" });
    const step = addressStepAnswer.parse((await call(browser, "GET", "/api/shop/checkout/address?lang=en")).json());
    expect(step).toMatchObject({ address: null });
  });

  it("refuses a NUL, wrong types and a body that is not an object with a 400", async () => {
    const browser = await withHat();
    for (const body of [
      { ...newYorkAddress, addressLine1: "Fifth\u0000Avenue" },
      [newYorkAddress],
      "null",
      { ...newYorkAddress, city: ["x"] },
    ]) {
      const answer = await call(browser, "POST", "/api/shop/checkout/address", body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: expect.any(String) });
    }
    expect(addressStepAnswer.parse((await call(browser, "GET", "/api/shop/checkout/address")).json())).toMatchObject({ address: null });
  });

  it("saves the address, which the step then shows with the summary's amounts", async () => {
    const browser = await withHat();
    const saved = await call(browser, "POST", "/api/shop/checkout/address", { ...newYorkAddress, lang: "en" });
    expect(saved.json()).toEqual({ next: "/checkout/shipping-options" });
    const step = addressStepAnswer.parse((await call(browser, "GET", "/api/shop/checkout/address?lang=en")).json());
    expect(step).toEqual({
      address: { ...newYorkAddress, addressLine2: "" },
      summary: {
        productName: hat.name,
        size: hat.sizes[0],
        priceCents: hat.priceCents,
        deliveryCents: null,
        totalCents: hat.priceCents,
        part: null,
        idr: null,
        customHat: null,
        // Made to order: the making stages' usual working days (making/promised-dates.ts).
        makingWorkingDays: 10,
      },
    });
  });
});

describe("the delivery step", () => {
  it("needs an address first", async () => {
    const browser = await withHat();
    expect((await call(browser, "GET", "/api/shop/checkout/delivery")).json()).toEqual({ next: "/checkout/shipping?missing=1" });
    expect((await call(browser, "GET", "/api/shop/checkout/payment")).json()).toEqual({ next: "/checkout/shipping?missing=1" });
  });

  it("offers the address's options with their cost, the total with each and the days, in the customer's language", async () => {
    const browser = await withHat();
    await call(browser, "POST", "/api/shop/checkout/address", baliAddress);
    const step = deliveryStepAnswer.parse((await call(browser, "GET", "/api/shop/checkout/delivery?lang=ru")).json());
    if ("next" in step) throw new Error(step.next);
    expect(step.address).toEqual({ city: "Ubud", country: "Indonesia" });
    expect(step.chosen).toBeNull();
    expect(step.options.map((o) => [o.id, o.costCents, o.totalCents])).toEqual([
      ["LION_PARCEL", 1150, hat.priceCents + 1150],
      ["PICKUP", 0, hat.priceCents],
    ]);
    // 'пн, 7 дек.': days in Russian.
    expect(step.options[0]!.window.from).toMatch(/[а-я]/);
  });

  it("refuses no choice and an option the address does not have, then takes one", async () => {
    const browser = await withHat();
    await call(browser, "POST", "/api/shop/checkout/address", newYorkAddress);
    for (const [body, error] of [
      [{}, "Please select a delivery option"],
      [{ deliveryOption: "" }, "Please select a delivery option"],
      [{ deliveryOption: "PICKUP" }, "Invalid delivery option: PICKUP"],
      [{ deliveryOption: "DHL\u0007" }, "Invalid delivery option: DHL\u0007"],
    ] as const) {
      const answer = await call(browser, "POST", "/api/shop/checkout/delivery", body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error });
    }
    for (const body of [{ deliveryOption: 5 }, { deliveryOption: "D".repeat(101) }, { deliveryOption: "DHL\u0000" }]) {
      expect((await call(browser, "POST", "/api/shop/checkout/delivery", body)).statusCode).toBe(400);
    }
    expect((await call(browser, "GET", "/api/shop/checkout/payment")).json()).toEqual({ next: "/checkout/shipping-options?missing=1" });
    expect((await call(browser, "POST", "/api/shop/checkout/delivery", { deliveryOption: "DHL" })).json()).toEqual({
      next: "/checkout/payment",
    });
    expect(deliveryStepAnswer.parse((await call(browser, "GET", "/api/shop/checkout/delivery")).json())).toMatchObject({ chosen: "DHL" });
  });
});

describe("the payment step", () => {
  it("offers the methods for the address with the amounts, the total in rupiah at the rate used", async () => {
    const browser = await atPayment(newYorkAddress, "DHL");
    const step = paymentStepAnswer.parse((await call(browser, "GET", "/api/shop/checkout/payment?lang=en")).json());
    if ("next" in step) throw new Error(step.next);
    const codes = step.groups.flatMap((g) => g.methods.map((m) => m.code));
    expect(codes).toContain("BCA");
    expect(codes).toContain("TEST_CARD");
    expect(codes).not.toContain("CASH_IN_STORE");
    const total = hat.priceCents + 3000;
    expect(step.summary).toMatchObject({ priceCents: hat.priceCents, deliveryCents: 3000, totalCents: total, part: null });
    expect(step.summary.idr!.amount).toBe(centsToIdr(total, step.summary.idr!.rate));
    expect(step).toMatchObject({ sandbox: true, orderNumber: null });
  });

  it("places the order and names its page; only the browser that placed it sees it, a stranger can neither see nor pay it", async () => {
    const buyer = await atPayment(baliAddress, "PICKUP");
    const before = await orderCount();
    const placed = await call(buyer, "POST", "/api/shop/checkout/payment", { paymentMethod: "CASH_IN_STORE", orderId: null, lang: "en" });
    expect(placed.statusCode).toBe(200);
    const { next } = placed.json() as { next: string };
    expect(next).toMatch(/^\/checkout\/success\?order_id=[0-9a-f-]{36}$/);
    expect(await orderCount()).toBe(before + 1);
    const orderId = new URL(next, "http://x").searchParams.get("order_id")!;

    // The buyer comes back to step 1 from the order (e.g. from a payment page): the hat ordered.
    const mine = confirmationAnswer.parse((await call(buyer, "GET", `/api/shop/checkout/confirmation?orderId=${orderId}`)).json());
    expect(mine).toMatchObject({ problem: null, choice: { product: { id: hat.id } } });
    // A reload cannot order twice: the checkout forgot the hat.
    const again = await call(buyer, "POST", "/api/shop/checkout/payment", { paymentMethod: "CASH_IN_STORE" });
    expect(again.statusCode).toBe(400);
    expect(await orderCount()).toBe(before + 1);

    // A stranger who knows the order's id, with no checkout or one of their own: step 1 shows them nothing of it.
    const noCheckout = {};
    expect(confirmationAnswer.parse((await call(noCheckout, "GET", `/api/shop/checkout/confirmation?orderId=${orderId}`)).json())).toEqual({
      problem: "missing",
      name: null,
      choice: null,
    });
    const ownCheckout = await withHat("en", otherHat);
    const seen = confirmationAnswer.parse((await call(ownCheckout, "GET", `/api/shop/checkout/confirmation?orderId=${orderId}`)).json());
    expect(seen).toMatchObject({ problem: null, name: otherHat.name, choice: { product: { id: otherHat.id } } });
    // Nor can they pay it.
    for (const stranger of [noCheckout, ownCheckout]) {
      const paid = await call(stranger, "POST", "/api/shop/checkout/payment", { paymentMethod: "BCA", orderId });
      expect(paid.statusCode).toBe(400);
      expect(paid.json()).toEqual({ error: "This order can no longer be paid here. Please open it from its e-mail." });
    }
    expect(await orderCount()).toBe(before + 1);
    const attempts = await test.database.db.selectFrom("paymentAttempts").select("id").where("orderId", "=", orderId).execute();
    expect(attempts).toEqual([]);
  });

  it("refuses no method, an unknown one and bad input, placing nothing", async () => {
    const browser = await atPayment(newYorkAddress, "DHL");
    const before = await orderCount();
    for (const [body, error] of [
      [{}, "Please select a payment method"],
      [{ paymentMethod: "BITCOIN" }, "Invalid payment method: BITCOIN"],
      [{ paymentMethod: "CASH_IN_STORE" }, expect.any(String)],
      [{ paymentMethod: 5 }, expect.any(String)],
      [{ paymentMethod: "B".repeat(51) }, expect.any(String)],
      [{ paymentMethod: "BCA", orderId: ["x"] }, expect.any(String)],
      [{ paymentMethod: "BCA\u0000" }, expect.any(String)],
    ] as const) {
      const answer = await call(browser, "POST", "/api/shop/checkout/payment", body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error });
    }
    expect(await orderCount()).toBe(before);
  });

  it("counts each payment against the orders limit", async () => {
    const client = { ip: "198.51.100.7" };
    for (let i = 0; i < 20; i++) expect((await call(client, "POST", "/api/shop/checkout/payment", {})).statusCode).toBe(400);
    const refused = await call(client, "POST", "/api/shop/checkout/payment", {});
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Reading the step is not a write.
    expect((await call(client, "GET", "/api/shop/checkout/payment")).statusCode).toBe(200);
  });
});

describe("clearing the checkout", () => {
  it("forgets it and clears the cookie; the old cookie finds nothing", async () => {
    const browser = await withHat();
    const cleared = await call(browser, "POST", "/api/shop/checkout/clear");
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ next: "/products" });
    expect(String(cleared.headers["set-cookie"])).toMatch(/^checkout=; Max-Age=0;/);
    expect(confirmationAnswer.parse((await call(browser, "GET", "/api/shop/checkout/confirmation")).json())).toMatchObject({
      problem: "missing",
    });
  });
});

describe("the sandbox's sample checkout", () => {
  it("opens the payment step with a hat, a Bali address and Lion Parcel", async () => {
    const answer = await call({}, "POST", "/api/shop/checkout/test-checkout");
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ next: "/checkout/payment" });
    const step = paymentStepAnswer.parse((await call({ cookie: checkoutCookieOf(answer)! }, "GET", "/api/shop/checkout/payment")).json());
    if ("next" in step) throw new Error(step.next);
    const codes = step.groups.flatMap((g) => g.methods.map((m) => m.code));
    expect(codes).toEqual(expect.arrayContaining(["CASH_IN_STORE", "TEST_CARD"]));
    expect(step.summary.deliveryCents).toBe(1150);
  });

  it("does not exist with a Xendit key", async () => {
    mode.sandbox = false;
    try {
      const before = await sessionCount();
      const answer = await call({}, "POST", "/api/shop/checkout/test-checkout");
      expect(answer.statusCode).toBe(404);
      expect(checkoutCookieOf(answer)).toBeNull();
      expect(await sessionCount()).toBe(before);
    } finally {
      mode.sandbox = true;
    }
  });
});
