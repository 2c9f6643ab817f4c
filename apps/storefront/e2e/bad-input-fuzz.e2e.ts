import { queryStoppedShop } from "@workshop/testing/shop-database.ts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { raisedRateLimits } from "./global-setup.ts";

/**
 * Generated bad input against every form action and JSON endpoint of a running production build:
 * text the shop cannot store (NUL, control characters, lone surrogates), wrong content types,
 * random bodies and shapes, odd order tokens. Nothing may answer 5xx, and the database must be
 * exactly as before. A shop of its own, so that its database can be compared before and after.
 */
const RUNS = 2_100;
const staffToken = "fuzz-test-staff-token-1234";
const address = {
  fullName: "Emma Stone",
  email: "emma@example.com",
  phone: "+1 212 555 0100",
  addressLine1: "350 Fifth Avenue",
  addressLine2: "",
  city: "New York",
  state: "New York",
  postalCode: "10118",
  country: "United States",
};
const contact = { name: "Ana", email: "ana@example.com", subject: "A hat", message: "Hello" };

type Case = {
  what: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  expected?: number[];
};

/** What a browser cannot type but a client can send: NUL, other control characters, lone surrogates. */
const controlChar = fc.constantFrom("\u0000", "\u0001", "\u0007", "\u0008", "\u000b", "\u001b", "\u001f", "\u007f");
/** What PostgreSQL cannot store, refused in any JSON body. */
const unstorable = fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff", "\ud83c");
const anyBadChar = fc.oneof(controlChar, unstorable);
const around = (bad: fc.Arbitrary<string>) =>
  fc.tuple(fc.string({ maxLength: 12 }), bad, fc.string({ maxLength: 12 })).map(([a, b, c]) => a + b + c);

const formHeaders = (cookie?: string): Record<string, string> => ({
  "Content-Type": "application/x-www-form-urlencoded",
  ...(cookie ? { Cookie: cookie } : {}),
});
const jsonHeaders: Record<string, string> = { "Content-Type": "application/json" };
const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function cases(
  sessions: { product: string; address: string; payment: string },
  product: { id: number; price: number; size: number },
): fc.Arbitrary<Case> {
  const order = {
    productId: product.id,
    selectedSize: product.size,
    price: product.price,
    shippingAddress: address,
    shipping: { method: "DHL", cost: 30 },
    total: product.price + 30,
    paymentMethod: "BCA",
    productName: "Hat",
  };
  const addressField = fc.constantFrom(...(Object.keys(address) as (keyof typeof address)[]));

  // JSON endpoints, one text field made unstorable: 400 before anything is read into the database.
  const jsonBadText = fc.oneof(
    fc.tuple(addressField, around(anyBadChar)).map(
      ([field, bad]): Case => ({
        what: `order address ${field}`,
        method: "POST",
        path: "/api/orders",
        headers: jsonHeaders,
        body: JSON.stringify({ ...order, shippingAddress: { ...address, [field]: bad } }),
        expected: [400],
      }),
    ),
    fc.tuple(fc.constantFrom("paymentMethod", "productName", "deliveryMethod"), around(anyBadChar)).map(
      ([field, bad]): Case => ({
        what: `order ${field}`,
        method: "POST",
        path: "/api/orders",
        headers: jsonHeaders,
        body: JSON.stringify({ ...order, [field]: bad }),
        expected: [400],
      }),
    ),
    fc.tuple(around(anyBadChar), fc.string({ maxLength: 20 })).map(
      ([orderId, method]): Case => ({
        what: "payment request",
        method: "POST",
        path: "/api/xendit/payment-request",
        headers: jsonHeaders,
        body: JSON.stringify({ orderId, paymentMethod: method }),
        expected: [400],
      }),
    ),
    around(anyBadChar).map(
      (status): Case => ({
        what: "staff payment status",
        method: "PATCH",
        path: "/api/orders/update-payment-status?orderId=x",
        headers: { ...jsonHeaders, Authorization: `Bearer ${staffToken}` },
        body: JSON.stringify({ paymentStatus: status }),
        expected: [400],
      }),
    ),
    fc.tuple(fc.constantFrom("payment.succeeded", "payment.failed", "payment_request.expiry"), around(unstorable)).map(
      ([event, bad]): Case => ({
        what: "webhook",
        method: "POST",
        path: "/api/xendit/webhook",
        headers: { ...jsonHeaders, "x-callback-token": "wrong-or-right" },
        body: JSON.stringify({
          event,
          data: { payment_request_id: `pr-${bad}`, reference_id: bad, status: "SUCCEEDED", request_amount: 1 },
        }),
        expected: [400],
      }),
    ),
  );

  const jsonPaths = ["/api/orders", "/api/xendit/payment-request", "/api/orders/update-payment-status?orderId=x", "/api/xendit/webhook"];
  // Any JSON value or any text as the body of a JSON endpoint.
  const jsonGarbage = fc
    .tuple(
      fc.constantFrom(...jsonPaths),
      fc.oneof(
        fc.jsonValue().map((v) => JSON.stringify(v) ?? "null"),
        fc.string({ maxLength: 200 }),
      ),
    )
    .map(
      ([p, body]): Case => ({
        what: "JSON garbage",
        method: p.includes("update-payment-status") ? "PATCH" : "POST",
        path: p,
        headers: { ...jsonHeaders, Authorization: `Bearer ${staffToken}` },
        body,
      }),
    );
  // Cross-site simple requests and nonsense types.
  const contentType = fc.oneof(
    fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "text/json"),
    fc.stringMatching(/^[a-z]{1,8}\/[a-z+.-]{1,12}$/),
  );
  const jsonWrongType = fc
    .tuple(
      fc.constantFrom(...jsonPaths),
      contentType.filter((t) => t !== "application/json"),
      fc.constant(JSON.stringify(order)),
    )
    .map(
      ([p, type, body]): Case => ({
        what: `JSON endpoint sent ${type}`,
        method: p.includes("update-payment-status") ? "PATCH" : "POST",
        path: p,
        headers: { "Content-Type": type },
        body,
        expected: [415],
      }),
    );

  // Form actions: control characters in text fields (a form cannot carry a lone surrogate: it arrives as U+FFFD).
  const formBadText = fc.oneof(
    fc.tuple(fc.constantFrom(...(Object.keys(contact) as (keyof typeof contact)[])), around(controlChar), fc.boolean()).map(
      ([field, bad, data]): Case => ({
        what: `contact ${field}`,
        method: "POST",
        path: data ? "/contact.data" : "/contact",
        headers: formHeaders(),
        body: urlencoded({ ...contact, [field]: bad }),
        expected: [400],
      }),
    ),
    fc.tuple(addressField, around(controlChar), fc.constantFrom("/checkout/shipping", "/checkout/shipping-address")).map(
      ([field, bad, p]): Case => ({
        what: `address ${field}`,
        method: "POST",
        path: p,
        headers: formHeaders(sessions.product),
        body: urlencoded({ ...address, [field]: bad }),
        expected: [400],
      }),
    ),
    around(anyBadChar).map(
      (bad): Case => ({
        what: "delivery option",
        method: "POST",
        path: "/checkout/shipping-options",
        headers: formHeaders(sessions.address),
        body: urlencoded({ deliveryOption: bad }),
      }),
    ),
    around(anyBadChar).map(
      (bad): Case => ({
        what: "payment method",
        method: "POST",
        path: "/checkout/payment",
        headers: formHeaders(sessions.payment),
        body: urlencoded({ paymentMethod: bad }),
      }),
    ),
    around(anyBadChar).map(
      (bad): Case => ({
        what: "Order Now size",
        method: "POST",
        path: `/products/${product.id}`,
        headers: formHeaders(),
        body: urlencoded({ size: bad }),
      }),
    ),
    fc.tuple(around(anyBadChar), fc.string({ maxLength: 30 })).map(
      ([lang, to]): Case => ({
        what: "language",
        method: "POST",
        path: "/language",
        headers: formHeaders(),
        body: urlencoded({ lang, redirectTo: to }),
      }),
    ),
    fc.tuple(fc.string({ maxLength: 40 }), around(anyBadChar)).map(
      ([token, bad]): Case => ({
        what: "pay order again",
        method: "POST",
        path: `/orders/${encodeURIComponent(token.toWellFormed()) || "x"}`,
        headers: formHeaders(),
        body: urlencoded({ x: bad }),
      }),
    ),
    fc.tuple(fc.constantFrom("pay", "fail", "x"), around(anyBadChar), fc.string({ maxLength: 30 })).map(
      ([outcome, id, back]): Case => ({
        what: "sandbox payment",
        method: "POST",
        path: "/checkout/sandbox-payment",
        headers: formHeaders(sessions.payment),
        body: urlencoded({ outcome, paymentId: id, returnTo: `/checkout/${back}` }),
      }),
    ),
  );

  const formPaths = [
    "/contact",
    "/checkout/shipping",
    "/checkout/shipping-options",
    "/checkout/payment",
    `/products/${product.id}`,
    "/language",
    "/checkout/sandbox-payment",
    "/orders/x",
  ];
  // Clearing the checkout ignores its body, so only a wrong content type is bad input for it.
  const formWrongType = fc
    .tuple(
      fc.constantFrom(...formPaths, "/checkout/clear"),
      fc.oneof(
        fc.constantFrom("application/json", "text/plain", ""),
        contentType.filter((t) => !t.startsWith("application/x-www-form-urlencoded") && !t.startsWith("multipart/")),
      ),
    )
    .map(
      ([p, type]): Case => ({
        what: `form sent ${type || "no type"}`,
        method: "POST",
        path: p,
        headers: type ? { "Content-Type": type, Cookie: sessions.payment } : { Cookie: sessions.payment },
        body: JSON.stringify(contact),
        expected: [415],
      }),
    );
  // Random bytes as a form body, and multipart bodies that do not parse.
  const formGarbage = fc
    .tuple(
      fc.constantFrom(...formPaths),
      fc.uint8Array({ maxLength: 300 }).map((b) => new Uint8Array(b)),
      fc.boolean(),
    )
    .map(
      ([p, bytes, multipart]): Case => ({
        what: multipart ? "broken multipart" : "random form bytes",
        method: "POST",
        path: p,
        headers: {
          "Content-Type": multipart ? "multipart/form-data; boundary=zzz" : "application/x-www-form-urlencoded",
          Cookie: sessions.payment,
        },
        body: bytes,
      }),
    );
  // Order tokens of any characters, ASCII or not, well-formed or not.
  const tokens = fc
    .oneof(
      fc.string({ unit: "binary", minLength: 1, maxLength: 40 }).map((t) => encodeURIComponent(t.toWellFormed())),
      fc.stringMatching(/^(%[0-9A-F]{2}){1,20}$/),
    )
    .map(
      (t): Case => ({
        what: "order token",
        method: "GET",
        path: `/orders/${t}`,
        headers: {},
        expected: [404],
      }),
    );

  return fc.oneof(
    { arbitrary: jsonBadText, weight: 25 },
    { arbitrary: jsonGarbage, weight: 15 },
    { arbitrary: jsonWrongType, weight: 7 },
    { arbitrary: formBadText, weight: 25 },
    { arbitrary: formWrongType, weight: 10 },
    { arbitrary: formGarbage, weight: 8 },
    { arbitrary: tokens, weight: 10 },
  );
}

/** Every row of every table a request could write (not the rate-limit counters and shared caches). */
async function snapshot(dataDir: string): Promise<Record<string, string>> {
  const tables = [
    "products",
    "product_images",
    "contact_messages",
    "checkout_sessions",
    "orders",
    "order_events",
    "mail_outbox",
    "payment_attempts",
    "xendit_events",
  ];
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await queryStoppedShop<{ n: number; digest: string | null }>(
      dataDir,
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`,
    );
    result[table] = `${row!.n} ${row!.digest}`;
  }
  return result;
}

const cookieOf = (response: Response) => response.headers.get("set-cookie")?.split(";")[0] ?? "";

describe("bad input, generated", () => {
  let shop: RunningShop;
  const env = { ...raisedRateLimits, ADMIN_API_TOKEN: staffToken };
  let sessions: { product: string; address: string; payment: string };
  let product: { id: number; price: number; size: number };
  let before: Record<string, string>;

  beforeAll(async () => {
    shop = await startShop(env);
    const base = shop.baseURL;
    const p = (
      (await (await fetch(`${base}/api/products`)).json()) as {
        id: number;
        price: number;
        sizes: { sizeInCm: number }[];
        inStock: boolean;
      }[]
    ).find((x) => x.inStock)!;
    product = { id: p.id, price: p.price, size: p.sizes[0]!.sizeInCm };
    const post = (to: string, fields: Record<string, string>, cookie?: string) =>
      fetch(`${base}${to}`, { method: "POST", headers: formHeaders(cookie), body: urlencoded(fields), redirect: "manual" });
    const orderNow = async () => cookieOf(await post(`/products/${product.id}`, { size: String(product.size) }));
    // Checkout sessions at each step, so that the actions get past "start again" to their real checks.
    const atProduct = await orderNow();
    const atAddress = await orderNow();
    expect((await post("/checkout/shipping", address, atAddress)).status).toBe(302);
    const atPayment = await orderNow();
    expect((await post("/checkout/shipping", address, atPayment)).status).toBe(302);
    expect((await post("/checkout/shipping-options", { deliveryOption: "DHL" }, atPayment)).status).toBe(302);
    sessions = { product: atProduct, address: atAddress, payment: atPayment };
    await shop.stop();
    before = await snapshot(shop.dataDir);
    shop = await startShop(env, shop.dataDir);
  });
  afterAll(() => shop?.remove());

  it(`answers ${RUNS} of them without a 5xx, each refusal as expected, and changes nothing`, async () => {
    const all = fc.sample(cases(sessions, product), { numRuns: RUNS, seed: 8_2026 });
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < all.length) {
        const c = all[next++]!;
        const response = await fetch(shop.baseURL + c.path, { method: c.method, headers: c.headers, body: c.body, redirect: "manual" });
        await response.arrayBuffer();
        const ok = response.status < 500 && (!c.expected || c.expected.includes(response.status));
        if (!ok)
          problems.push(
            `${response.status} ${c.what}: ${c.method} ${c.path} ${JSON.stringify(typeof c.body === "string" ? c.body.slice(0, 200) : c.body?.length)}`,
          );
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(problems.slice(0, 20)).toEqual([]);
    await shop.stop();
    expect(await snapshot(shop.dataDir)).toEqual(before);
  });
});
