import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

const TOKEN = "route-bodies-test-token-0123456789";
// Read by the first config() call, which comes after these lines.
process.env.ADMIN_API_TOKEN = TOKEN;

/**
 * Every answer a caller sees to a body its route refuses, pinned by route: the status, `error`,
 * `details` and their order, a form's messages in its language. The bodies are checked at the
 * route (plugins/json-api.ts, checkedBodyOf), before the handler; who asks (401) and an unknown
 * record (404) still come first. A body the check lets through reaches the route's service, whose
 * own refusal (or 404) shows it arrived parsed.
 */

let test: TestApp;
let app: FastifyInstance;
let productId: number;
beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  const [, made] = await send("POST", "/api/admin/products", "staff", { ...form, nonce: "route-bodies-form-1" });
  productId = (JSON.parse(made) as { id: number }).id;
});
afterAll(() => test?.close());

/** No body at all (no Content-Type either). */
const none = Symbol("no body");
/** A body sent as this text, as JSON. */
const text = (raw: string) => ({ raw });
const headersOf = { anyone: {}, stranger: {}, staff: { authorization: `Bearer ${TOKEN}` } };
const unknownOrder = "00000000-0000-4000-8000-000000000000";

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
/** SPEC 3's product, as POST /api/products takes it. */
const product = {
  name: "Hat",
  description: "A hat",
  material: "Straw",
  color: "Natural",
  crownStyle: "Round",
  brimSize: "10 cm",
  price: 50,
  sizes: [{ sizeInCm: 57 }],
  images: [],
};
/** The console's product form. */
const form = {
  name: "Hat",
  description: "A hat",
  material: "Straw",
  color: "Natural",
  crownStyle: "Round",
  brimSize: "10 cm",
  price: "50",
  sizes: ["57"],
  images: [],
};
const custom = {
  name: "Ana",
  email: "ana@example.com",
  hatType: "Sun Hat",
  material: "Straw",
  size: "57",
  details: "A wide brim",
  timeline: "Flexible",
};

/** Each request from an address of its own: no rate limit is met. */
let visitors = 0;
/** The status and the body's exact text. */
async function send(method: "POST" | "PUT" | "PATCH", url: string, as: keyof typeof headersOf, body: unknown): Promise<[number, string]> {
  const payload =
    body === none ? undefined : typeof body === "object" && body !== null && "raw" in body ? String(body.raw) : JSON.stringify(body);
  visitors++;
  const answer = await app.inject({
    method,
    url,
    headers: { ...headersOf[as], ...(payload === undefined ? {} : { "content-type": "application/json" }) },
    payload,
    remoteAddress: `198.51.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`,
  });
  return [answer.statusCode, answer.body];
}

/** [body, status, answer]: what the route answers each body, compared as text (the fields' order too). */
type Case = [body: unknown, status: number, answer: object];

async function expectAnswers(method: "POST" | "PUT" | "PATCH", url: string, as: keyof typeof headersOf, cases: Case[]) {
  const answered: [unknown, number, string][] = [];
  for (const [body] of cases) answered.push([body, ...(await send(method, url, as, body))]);
  expect(answered).toEqual(cases.map(([body, status, answer]) => [body, status, JSON.stringify(answer)]));
}

/** What a form's route answers a body without any of its fields: each required one named. */
const contactUnfilled = {
  error: "Check the message",
  details: {
    name: "This field is required",
    email: "This field is required",
    subject: "This field is required",
    message: "This field is required",
  },
};
const requestUnfilled = {
  error: "Check the request",
  details: {
    name: "This field is required",
    email: "This field is required",
    hatType: "This field is required",
    material: "This field is required",
    size: "This field is required",
    details: "This field is required",
    timeline: "This field is required",
  },
};
const addressUnfilled = {
  error: "Check the address",
  details: {
    fullName: "This field is required",
    email: "This field is required",
    phone: "This field is required",
    addressLine1: "This field is required",
    city: "This field is required",
    state: "This field is required",
    postalCode: "This field is required",
    country: "This field is required",
  },
};
const newFormUnfilled = {
  error: "Check the product",
  details: {
    name: "required",
    description: "required",
    material: "required",
    color: "required",
    crownStyle: "required",
    brimSize: "required",
    price: "price",
    nonce: "expired",
  },
};
const formUnfilled = {
  error: "Check the product",
  details: {
    name: "required",
    description: "required",
    material: "required",
    color: "required",
    crownStyle: "required",
    brimSize: "required",
    price: "price",
  },
};

describe("SPEC 7's API", () => {
  it("POST /api/orders", async () => {
    await expectAnswers("POST", "/api/orders", "anyone", [
      [none, 400, { error: "The body must be JSON" }],
      [text(""), 400, { error: "The body must be JSON" }],
      [text("{"), 400, { error: "The body must be JSON" }],
      [null, 400, { error: "Invalid order", details: [{ path: "", message: "Invalid input: expected object, received null" }] }],
      [[], 400, { error: "Invalid order", details: [{ path: "", message: "Invalid input: expected object, received array" }] }],
      ["text", 400, { error: "Invalid order", details: [{ path: "", message: "Invalid input: expected object, received string" }] }],
      [7, 400, { error: "Invalid order", details: [{ path: "", message: "Invalid input: expected object, received number" }] }],
      [
        {},
        400,
        {
          error: "Invalid order",
          details: [
            { path: "productId", message: "Invalid input: expected number, received undefined" },
            { path: "price", message: "Invalid input: expected number, received undefined" },
            { path: "shippingAddress", message: "Invalid input: expected object, received undefined" },
            { path: "total", message: "Invalid input: expected number, received undefined" },
            { path: "paymentMethod", message: "This field is required" },
          ],
        },
      ],
      [
        { productId: "1" },
        400,
        {
          error: "Invalid order",
          details: [
            { path: "productId", message: "Invalid input: expected number, received string" },
            { path: "price", message: "Invalid input: expected number, received undefined" },
            { path: "shippingAddress", message: "Invalid input: expected object, received undefined" },
            { path: "total", message: "Invalid input: expected number, received undefined" },
            { path: "paymentMethod", message: "This field is required" },
          ],
        },
      ],
      [
        { productId: 1, price: 1, total: 1, paymentMethod: "BCA", shippingAddress: address },
        400,
        { error: "Please select a delivery option" },
      ],
      [
        {
          productId: 1,
          price: -1,
          total: "x",
          paymentMethod: "",
          selectedSize: 10,
          shippingAddress: { ...address, email: "bad", fullName: "", country: "Mars" },
        },
        400,
        {
          error: "Invalid order",
          details: [
            { path: "selectedSize", message: "Too small: expected number to be >=30" },
            { path: "price", message: "Too small: expected number to be >=0" },
            { path: "shippingAddress.fullName", message: "This field is required" },
            { path: "shippingAddress.email", message: "Please enter a valid email address" },
            {
              path: "shippingAddress.country",
              message:
                'must be one of "Australia", "Canada", "China", "France", "Germany", "India", "Indonesia", "Italy", "Japan", "Malaysia", "Netherlands", "New Zealand", "Singapore", "South Korea", "Spain", "Thailand", "United Kingdom", "United States", "Vietnam"',
            },
            { path: "total", message: "Invalid input: expected number, received string" },
            { path: "paymentMethod", message: "This field is required" },
          ],
        },
      ],
      [
        { productId: 999, price: 1, total: 1, paymentMethod: "BCA", shippingAddress: address, deliveryMethod: "DHL" },
        404,
        { error: "Product not found" },
      ],
    ]);
  });
  it("POST /api/xendit/payment-request", async () => {
    await expectAnswers("POST", "/api/xendit/payment-request", "anyone", [
      [none, 400, { error: "The body must be JSON" }],
      [text(""), 400, { error: "The body must be JSON" }],
      [text("{"), 400, { error: "The body must be JSON" }],
      [null, 400, { error: "Invalid input: expected object, received null" }],
      [[], 400, { error: "Invalid input: expected object, received array" }],
      ["text", 400, { error: "Invalid input: expected object, received string" }],
      [7, 400, { error: "Invalid input: expected object, received number" }],
      [
        {},
        400,
        {
          error:
            "orderId: Invalid input: expected string, received undefined; channelCode: Invalid input: expected string, received undefined",
        },
      ],
      [
        { orderId: "nope" },
        400,
        { error: "orderId: orderId must be an order id; channelCode: Invalid input: expected string, received undefined" },
      ],
      [{ orderId: unknownOrder, channelCode: "" }, 400, { error: "channelCode: channelCode is required" }],
      [
        { orderId: 5, channelCode: 5, description: 5 },
        400,
        {
          error:
            "orderId: Invalid input: expected string, received number; channelCode: Invalid input: expected string, received number; description: Invalid input: expected string, received number",
        },
      ],
      [{ orderId: unknownOrder, channelCode: "BITCOIN" }, 400, { error: "Unknown channelCode: BITCOIN" }],
      [{ orderId: unknownOrder, channelCode: "BCA" }, 404, { error: "Order not found" }],
    ]);
  });
  it("POST /api/custom-orders", async () => {
    await expectAnswers("POST", "/api/custom-orders", "anyone", [
      [none, 400, { error: "body has the wrong type", details: { fields: [] } }],
      [text(""), 400, { error: "body has the wrong type", details: { fields: [] } }],
      [text("{"), 400, { error: "The body must be JSON" }],
      [null, 400, { error: "body has the wrong type", details: { fields: [] } }],
      [[], 400, { error: "body has the wrong type", details: { fields: [] } }],
      ["text", 400, { error: "body has the wrong type", details: { fields: [] } }],
      [7, 400, { error: "body has the wrong type", details: { fields: [] } }],
      [
        {},
        400,
        { error: "name is required", details: { fields: ["name", "email", "hatType", "material", "size", "details", "timeline"] } },
      ],
      [
        { ...custom, email: "bad", material: "Gold" },
        400,
        { error: "email must be a valid email address", details: { fields: ["email", "material"] } },
      ],
      [
        { ...custom, referenceImages: ["x"] },
        400,
        { error: "referenceImages must list the ids that the upload answered, each once", details: { fields: ["referenceImages"] } },
      ],
      [{ ...custom, name: 5 }, 400, { error: "name is required", details: { fields: ["name"] } }],
    ]);
  });
  it("POST /api/products from a stranger", async () => {
    await expectAnswers("POST", "/api/products", "stranger", [
      [text("{"), 401, { error: "Sign in as staff, or send a valid staff token" }],
    ]);
  });
  it("POST /api/products from staff", async () => {
    await expectAnswers("POST", "/api/products", "staff", [
      [none, 400, { error: "The body must be JSON" }],
      [text(""), 400, { error: "The body must be JSON" }],
      [text("{"), 400, { error: "The body must be JSON" }],
      [null, 400, { error: "The body must be a JSON product" }],
      [[], 400, { error: "The body must be a JSON product" }],
      ["text", 400, { error: "The body must be a JSON product" }],
      [7, 400, { error: "The body must be a JSON product" }],
      [
        {},
        400,
        {
          error: "The product has fields to correct",
          details: {
            name: "This field is required",
            description: "This field is required",
            material: "This field is required",
            color: "This field is required",
            crownStyle: "This field is required",
            brimSize: "This field is required",
            price: "Enter a price in USD above 0, with at most two decimals (e.g. 185 or 185.50)",
          },
        },
      ],
      [
        { ...product, name: "", price: "x", sizes: [{ sizeInCm: 10 }, "", 57], images: ["https://evil.example/x.jpg"] },
        400,
        {
          error: "The product has fields to correct",
          details: {
            name: "This field is required",
            price: "Enter a price in USD above 0, with at most two decimals (e.g. 185 or 185.50)",
            "sizes.0": "A size is a whole number of centimetres from 52 to 64",
            "images.0.key": "This photo is not one of the shop's uploaded photos",
          },
        },
      ],
      [
        { ...product, translations: { ru: { name: 5 } }, imageAlts: [{ en: 5 }] },
        400,
        { error: "The product has fields to correct", details: { nameRu: "This field is required" } },
      ],
      [{ ...product, sizes: "57" }, 400, { error: "The product has fields to correct", details: { sizes: "This field is required" } }],
    ]);
  });
  it("PUT /api/products/999 from staff", async () => {
    await expectAnswers("PUT", "/api/products/999", "staff", [
      [text("{"), 404, { error: "Product not found" }],
      [{ ...product, name: "" }, 404, { error: "Product not found" }],
    ]);
  });
  it("PUT /api/products/abc from staff", async () => {
    await expectAnswers("PUT", "/api/products/abc", "staff", [[text("{"), 404, { error: "Product not found" }]]);
  });
  it("PUT /api/products/:id from staff", async () => {
    await expectAnswers("PUT", `/api/products/${productId}`, "staff", [
      [none, 400, { error: "The body must be JSON" }],
      [text(""), 400, { error: "The body must be JSON" }],
      [text("{"), 400, { error: "The body must be JSON" }],
      [null, 400, { error: "The body must be a JSON product" }],
      [[], 400, { error: "The body must be a JSON product" }],
      ["text", 400, { error: "The body must be a JSON product" }],
      [7, 400, { error: "The body must be a JSON product" }],
      [
        {},
        400,
        {
          error: "The product has fields to correct",
          details: {
            name: "This field is required",
            description: "This field is required",
            material: "This field is required",
            color: "This field is required",
            crownStyle: "This field is required",
            brimSize: "This field is required",
            price: "Enter a price in USD above 0, with at most two decimals (e.g. 185 or 185.50)",
          },
        },
      ],
      [
        { ...product, name: "", price: 0, images: ["https://evil.example/x.jpg"] },
        400,
        {
          error: "The product has fields to correct",
          details: {
            name: "This field is required",
            price: "Enter a price in USD above 0, with at most two decimals (e.g. 185 or 185.50)",
            "images.0.key": "This photo is not one of the shop's uploaded photos",
          },
        },
      ],
    ]);
  });
  it("POST /api/ai/enhance-product-images from staff", async () => {
    await expectAnswers("POST", "/api/ai/enhance-product-images", "staff", [
      [none, 400, { error: "Invalid input: expected object, received null" }],
      [text(""), 400, { error: "Invalid input: expected object, received null" }],
      [text("{"), 400, { error: "The body must be JSON" }],
      [null, 400, { error: "Invalid input: expected object, received null" }],
      [[], 400, { error: "Invalid input: expected object, received array" }],
      ["text", 400, { error: "Invalid input: expected object, received string" }],
      [7, 400, { error: "Invalid input: expected object, received number" }],
      [{}, 400, { error: "imageUrls: Invalid input: expected array, received undefined" }],
      [{ imageUrls: [] }, 400, { error: "imageUrls: Add at least one reference photo." }],
      [
        { imageUrls: ["x"], size: "bad", extra: 1 },
        400,
        { error: "size: must be square, portrait or WxH (1:1 or 4:5, the long side 1080 to 2048 px)" },
      ],
      [
        { imageUrls: ["/media/1280/none.jpg"], productName: 5 },
        400,
        { error: "productName: Invalid input: expected string, received number" },
      ],
      [{ imageUrls: ["/media/1280/nothing-here.jpg"] }, 400, { error: "No stored photo at nothing-here" }],
    ]);
  });
  it("POST /api/ai/enhance-product-images/results/abc from staff", async () => {
    await expectAnswers("POST", "/api/ai/enhance-product-images/results/abc", "staff", [
      [text("{"), 404, { error: "No such studio photo" }],
    ]);
  });
  it("POST /api/ai/enhance-product-images/results/999 from staff", async () => {
    await expectAnswers("POST", "/api/ai/enhance-product-images/results/999", "staff", [
      [none, 400, { error: "state: must be new, added or discarded" }],
      [text(""), 400, { error: "state: must be new, added or discarded" }],
      [text("{"), 400, { error: "state: must be new, added or discarded" }],
      [null, 400, { error: "state: must be new, added or discarded" }],
      [[], 400, { error: "state: must be new, added or discarded" }],
      ["text", 400, { error: "state: must be new, added or discarded" }],
      [7, 400, { error: "state: must be new, added or discarded" }],
      [{}, 400, { error: "state: must be new, added or discarded" }],
      [{ state: "gone" }, 400, { error: "state: must be new, added or discarded" }],
      [{ state: "added", extra: 1 }, 400, { error: "state: must be new, added or discarded" }],
      [{ state: "added" }, 404, { error: "No such studio photo" }],
    ]);
  });
  it("PATCH /api/orders/update-payment-status?orderId=x from a stranger", async () => {
    await expectAnswers("PATCH", "/api/orders/update-payment-status?orderId=x", "stranger", [
      [text("{"), 401, { error: "Sign in as staff, or send a valid staff token" }],
    ]);
  });
  it("PATCH /api/orders/update-payment-status?orderId=x from staff", async () => {
    await expectAnswers("PATCH", "/api/orders/update-payment-status?orderId=x", "staff", [
      [none, 400, { error: "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT" }],
      [text(""), 400, { error: "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT" }],
      [text("{"), 400, { error: "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT" }],
      [null, 400, { error: "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT" }],
      [[], 400, { error: "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT" }],
      ["text", 400, { error: "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT" }],
      [7, 400, { error: "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT" }],
      [{}, 400, { error: "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT" }],
      [{ paymentStatus: 5 }, 400, { error: "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT" }],
      [{ paymentStatus: "NOPE" }, 400, { error: "paymentStatus must be one of SUCCEEDED, PENDING, FAILED, AWAITING_PREPAYMENT" }],
      [{ paymentStatus: "PENDING" }, 404, { error: "Order not found" }],
      [{ paymentStatus: "SUCCEEDED" }, 404, { error: "Order not found" }],
    ]);
  });
  it("POST /api/orders/:id/refunds from staff", async () => {
    await expectAnswers("POST", `/api/orders/${unknownOrder}/refunds`, "staff", [
      [none, 400, { error: "The body must be JSON: {paymentAttemptId, reason}" }],
      [text(""), 400, { error: "The body must be JSON: {paymentAttemptId, reason}" }],
      [text("{"), 400, { error: "The body must be JSON: {paymentAttemptId, reason}" }],
      [null, 400, { error: "The body must be JSON: {paymentAttemptId, reason}" }],
      [[], 400, { error: "The body must be JSON: {paymentAttemptId, reason}" }],
      ["text", 400, { error: "The body must be JSON: {paymentAttemptId, reason}" }],
      [7, 400, { error: "The body must be JSON: {paymentAttemptId, reason}" }],
      [{}, 400, { error: "paymentAttemptId is required" }],
      [{ paymentAttemptId: 1 }, 400, { error: "paymentAttemptId is required" }],
      [{ paymentAttemptId: "x" }, 400, { error: "reason is required" }],
      [{ paymentAttemptId: "x", reason: 5 }, 400, { error: "reason is required" }],
      [{ reason: "OTHERS" }, 400, { error: "paymentAttemptId is required" }],
      [
        { paymentAttemptId: "x", reason: "NOPE" },
        400,
        { error: "reason must be one of DUPLICATE, FRAUDULENT, REQUESTED_BY_CUSTOMER, CANCELLATION, OTHERS" },
      ],
      [
        { paymentAttemptId: "x", reason: "OTHERS", amountUsdCents: "1" },
        400,
        { error: "amountUsdCents must be a whole number of US cents, at least 1 (leave it out to refund all that is left)" },
      ],
      [{ paymentAttemptId: "x", reason: "OTHERS" }, 404, { error: "Payment not found" }],
    ]);
  });
  it("POST /api/orders/:id/return from staff", async () => {
    await expectAnswers("POST", `/api/orders/${unknownOrder}/return`, "staff", [
      [none, 400, { error: "The body must be JSON: {kind, note}" }],
      [text(""), 400, { error: "The body must be JSON: {kind, note}" }],
      [text("{"), 400, { error: "The body must be JSON: {kind, note}" }],
      [null, 400, { error: "The body must be JSON: {kind, note}" }],
      [[], 400, { error: "The body must be JSON: {kind, note}" }],
      ["text", 400, { error: "The body must be JSON: {kind, note}" }],
      [7, 400, { error: "The body must be JSON: {kind, note}" }],
      [{}, 400, { error: "kind must be one of RETURN, DEFECT", details: { code: "kind" } }],
      [{ kind: "LOST" }, 400, { error: "kind must be one of RETURN, DEFECT", details: { code: "kind" } }],
      [{ kind: "RETURN", note: 5 }, 400, { error: "note must be text", details: { code: "note" } }],
      [{ kind: "RETURN" }, 404, { error: "Order not found" }],
    ]);
  });
});

describe("the storefront's /api/shop", () => {
  it("POST /api/shop/contact", async () => {
    await expectAnswers("POST", "/api/shop/contact", "anyone", [
      [none, 400, contactUnfilled],
      [text(""), 400, contactUnfilled],
      [text("{"), 400, { error: "The body must be JSON" }],
      [null, 400, contactUnfilled],
      [[], 400, contactUnfilled],
      ["text", 400, contactUnfilled],
      [7, 400, contactUnfilled],
      [{}, 400, contactUnfilled],
      [
        { name: " ", email: "nope", subject: "x".repeat(201), message: "Hi\u0007" },
        400,
        {
          error: "Check the message",
          details: {
            name: "This field is required",
            email: "Please enter a valid email address",
            subject: "This is too long",
            message: "This contains characters that are not allowed",
          },
        },
      ],
      [
        { name: "", email: "", subject: "", message: "", lang: "ru" },
        400,
        {
          error: "Check the message",
          details: {
            name: "Это поле обязательно",
            email: "Это поле обязательно",
            subject: "Это поле обязательно",
            message: "Это поле обязательно",
          },
        },
      ],
      [{ name: 5, lang: ["ru"] }, 400, contactUnfilled],
    ]);
  });
  it("POST /api/shop/custom-orders", async () => {
    await expectAnswers("POST", "/api/shop/custom-orders", "anyone", [
      [none, 400, requestUnfilled],
      [text(""), 400, requestUnfilled],
      [text("{"), 400, { error: "The body must be JSON" }],
      [null, 400, requestUnfilled],
      [[], 400, requestUnfilled],
      ["text", 400, requestUnfilled],
      [7, 400, requestUnfilled],
      [{}, 400, requestUnfilled],
      [
        { ...custom, email: "bad", material: "Gold" },
        400,
        {
          error: "Check the request",
          details: { email: "Please enter a valid email address", material: "Please choose one of the options" },
        },
      ],
      [
        { ...custom, name: "", referenceImages: ["x"], lang: "ru" },
        400,
        {
          error: "Check the request",
          details: { name: "Это поле обязательно", referenceImages: "Не удалось использовать фото. Пожалуйста, загрузите его ещё раз." },
        },
      ],
    ]);
  });
  it("POST /api/shop/checkout/address", async () => {
    await expectAnswers("POST", "/api/shop/checkout/address", "anyone", [
      [none, 400, addressUnfilled],
      [text(""), 400, addressUnfilled],
      [text("{"), 400, { error: "The body must be JSON" }],
      [null, 400, addressUnfilled],
      [[], 400, addressUnfilled],
      ["text", 400, addressUnfilled],
      [7, 400, addressUnfilled],
      [{}, 400, addressUnfilled],
      [
        { ...address, email: "bad", country: "Mars" },
        400,
        {
          error: "Check the address",
          details: { email: "Please enter a valid email address", country: "Please choose one of the countries we ship to" },
        },
      ],
      [{ ...address, fullName: "", lang: "ru" }, 400, { error: "Check the address", details: { fullName: "Это поле обязательно" } }],
      [address, 200, { next: "/checkout/confirmation" }],
    ]);
  });
});

describe("the console's /api/admin", () => {
  it("POST /api/admin/products from a stranger", async () => {
    await expectAnswers("POST", "/api/admin/products", "stranger", [
      [text("{"), 401, { error: "Sign in as staff, or send a valid staff token" }],
    ]);
  });
  it("POST /api/admin/products from staff", async () => {
    await expectAnswers("POST", "/api/admin/products", "staff", [
      [none, 400, newFormUnfilled],
      [text(""), 400, newFormUnfilled],
      [text("{"), 400, newFormUnfilled],
      [null, 400, newFormUnfilled],
      [[], 400, newFormUnfilled],
      ["text", 400, newFormUnfilled],
      [7, 400, newFormUnfilled],
      [{}, 400, newFormUnfilled],
      [
        { ...form, name: "", price: "x", sizes: ["", " ", "10", "", "57", "abc"] },
        400,
        {
          error: "Check the product",
          details: { name: "required", price: "price", "sizes.2": "size", "sizes.5": "size", nonce: "expired" },
        },
      ],
      [{ ...form, nonce: "bad" }, 400, { error: "Check the product", details: { nonce: "expired" } }],
      [form, 400, { error: "Check the product", details: { nonce: "expired" } }],
      [{ ...form, sizes: ["", "200"], nonce: "x" }, 400, { error: "Check the product", details: { "sizes.1": "size", nonce: "expired" } }],
    ]);
  });
  it("PUT /api/admin/products/999 from staff", async () => {
    await expectAnswers("PUT", "/api/admin/products/999", "staff", [[text("{"), 404, { error: "Product not found" }]]);
  });
  it("PUT /api/admin/products/:id from staff", async () => {
    await expectAnswers("PUT", `/api/admin/products/${productId}`, "staff", [
      [none, 400, formUnfilled],
      [text(""), 400, formUnfilled],
      [text("{"), 400, formUnfilled],
      [null, 400, formUnfilled],
      [[], 400, formUnfilled],
      ["text", 400, formUnfilled],
      [7, 400, formUnfilled],
      [{}, 400, formUnfilled],
      [{ ...form, name: "", sizes: ["", "", "5"] }, 400, { error: "Check the product", details: { name: "required", "sizes.2": "size" } }],
      [{ ...form, price: "0" }, 400, { error: "Check the product", details: { price: "price" } }],
    ]);
  });
});
