import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { hashPassword } from "./passwords.ts";

// Read by the first config() call, which comes after these lines.
const SHOP = "https://shop.example";
const CONSOLE = "https://admin.shop.example";
/** An origin the owner adds (CORS_ORIGINS): as good as the console's. */
const TOOLS = "https://tools.shop.example";
const MACHINE = "staff-origins-tests-token-0123456789";
process.env.PUBLIC_URL = SHOP;
process.env.ADMIN_URL = CONSOLE;
process.env.CORS_ORIGINS = TOOLS;
process.env.ADMIN_API_TOKEN = MACHINE;

/** A product as the SPEC's POST /api/products takes it. */
const product = {
  name: "Shop-made Panama",
  price: 120.5,
  description: "A panama of pandan straw.",
  material: "Pandan",
  color: "Natural",
  crownStyle: "Teardrop",
  brimSize: "5 cm",
  isNew: false,
  isFeatured: false,
  inStock: true,
  sizes: [{ sizeInCm: 58 }],
  images: [],
};

const owner = { email: "komang@workshop.test", password: "Sidemen-songket-weaver-58" };

let test: TestApp;
let app: FastifyInstance;
let productId: number;

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  await test.database.db
    .insertInto("staffAccounts")
    .values({ email: owner.email, name: "Komang", role: "owner", passwordHash: await hashPassword(owner.password) })
    .execute();
  const created = await app.inject({
    method: "POST",
    url: "/api/products",
    headers: { authorization: `Bearer ${MACHINE}`, "content-type": "application/json" },
    payload: JSON.stringify(product),
  });
  productId = created.json().id;
});
afterAll(() => test?.close());

let address = 0;
/** Signs in from `origin`; each sign-in from its own address, so no limit is met. */
const signIn = (origin: string) =>
  app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: { origin, "content-type": "application/json" },
    payload: JSON.stringify(owner),
    remoteAddress: `198.51.100.${++address}`,
  });

async function consoleSession() {
  const answer = await signIn(CONSOLE);
  expect(answer.statusCode, answer.body).toBe(200);
  return { cookie: String(answer.headers["set-cookie"]).split(";")[0]!, token: answer.json().csrfToken as string };
}

const preflight = (origin: string, method: string) =>
  app.inject({
    method: "OPTIONS",
    url: "/api/admin/session",
    headers: { origin, "access-control-request-method": method, "access-control-request-headers": "content-type,x-csrf-token" },
  });

describe("the shop's origin is no staff origin", () => {
  it("gets no CORS grant: its pages cannot read a staff answer nor send a staff write; the console and CORS_ORIGINS do", async () => {
    for (const method of ["GET", "POST", "PUT"]) {
      const fromShop = await preflight(SHOP, method);
      expect(fromShop.headers["access-control-allow-origin"], method).toBeUndefined();
      expect(fromShop.headers["access-control-allow-credentials"], method).toBeUndefined();
      for (const origin of [CONSOLE, TOOLS]) {
        const granted = await preflight(origin, method);
        expect([granted.headers["access-control-allow-origin"], granted.headers["access-control-allow-credentials"]]).toEqual([
          origin,
          "true",
        ]);
      }
    }
  });

  it("may not sign staff in (403 {error}, no cookie); an origin in CORS_ORIGINS may", async () => {
    const fromShop = await signIn(SHOP);
    expect([fromShop.statusCode, fromShop.json()]).toEqual([403, { error: "Cross-site request refused" }]);
    expect(fromShop.headers["set-cookie"]).toBeUndefined();
    const fromTools = await signIn(TOOLS);
    expect(fromTools.statusCode, fromTools.body).toBe(200);
  });

  it("never reads the session's CSRF token with the console's cookie: 401 {error}", async () => {
    const { cookie, token } = await consoleSession();
    const cases: Record<string, string>[] = [
      { origin: SHOP },
      // A shop page calling through the shop's own forwarding, which names the API in Host.
      { "sec-fetch-site": "same-origin", host: "localhost:4000" },
    ];
    for (const headers of cases) {
      const answer = await app.inject({ url: "/api/admin/session", headers: { cookie, ...headers } });
      expect([answer.statusCode, answer.json()], JSON.stringify(headers)).toEqual([401, { error: "Not signed in" }]);
      expect(answer.body).not.toContain(token);
    }
    // The console's own pages read it: across origins, or on the console's host.
    for (const headers of [{ origin: CONSOLE }, { "sec-fetch-site": "same-origin", host: "admin.shop.example" }]) {
      const answer = await app.inject({ url: "/api/admin/session", headers: { cookie, ...headers } });
      expect([answer.statusCode, answer.json().csrfToken], JSON.stringify(headers)).toEqual([200, token]);
    }
  });

  it("makes no staff write with the console's cookie and token (403 {error}), and the SPEC's staff endpoints take the bearer token there", async () => {
    const { cookie, token } = await consoleSession();
    const writes = [
      { method: "POST" as const, url: "/api/products", payload: product },
      { method: "PUT" as const, url: `/api/products/${productId}`, payload: { ...product, price: 1 } },
      { method: "PATCH" as const, url: "/api/orders/update-payment-status", payload: { orderId: "none", paymentStatus: "SUCCEEDED" } },
      { method: "PATCH" as const, url: "/api/admin/session", payload: { locale: "ru" } },
    ];
    for (const { method, url, payload } of writes) {
      const refused = await app.inject({
        method,
        url,
        headers: { cookie, origin: SHOP, "x-csrf-token": token, "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
      expect([refused.statusCode, refused.json()], `${method} ${url}`).toEqual([403, { error: "Cross-site request refused" }]);
    }
    expect((await app.inject(`/api/products/${productId}`)).json().price).not.toBe(1);
    const byToken = await app.inject({
      method: "POST",
      url: "/api/products",
      headers: { authorization: `Bearer ${MACHINE}`, origin: SHOP, "content-type": "application/json" },
      payload: JSON.stringify(product),
    });
    expect(byToken.statusCode, byToken.body).toBe(201);
  });
});
