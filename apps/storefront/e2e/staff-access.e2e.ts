import { describe, expect, it } from "vitest";
import { consoleOrigin } from "#e2e/support/admin.ts";
import { apiURL, baseURL } from "./fixtures.ts";
import { orderPayload } from "./samples.ts";

/** An id that looks real, of an order, a product, a message, a person or a photo that does not exist. */
const someId = "00000000-0000-4000-8000-000000000000";

/**
 * Every staff endpoint of the SPEC's API that the shop's domain forwards, with the methods it takes
 * (others answer 405 after the same check). A new one belongs here: strangers and customers must
 * get 401 from each.
 */
const staffEndpoints: [method: string, path: string][] = [
  ["GET", "/api/orders"],
  ["PATCH", "/api/orders/update-payment-status"],
  ["GET", `/api/orders/${someId}`],
  ["GET", `/api/orders/${someId}/refunds`],
  ["POST", `/api/orders/${someId}/refunds`],
  ["GET", "/api/custom-orders"],
  ["POST", "/api/products"],
  ["PUT", "/api/products/1"],
  ["GET", "/api/products/export"],
  ["POST", "/api/uploads"],
  ["GET", "/api/ai/enhance-product-images?jobId=1"],
  ["POST", "/api/ai/enhance-product-images"],
  ["POST", "/api/ai/enhance-product-images/results/1"],
];

/** The console's API: answered at the API's own origin only. */
const consoleEndpoints: [method: string, path: string][] = [
  ["GET", "/api/admin/session"],
  ["PATCH", "/api/admin/session"],
  ["DELETE", "/api/admin/session"],
  ["GET", "/api/admin/dashboard"],
  ["GET", "/api/admin/orders"],
  ["GET", "/api/admin/orders.csv"],
  ["GET", `/api/admin/orders/${someId}`],
  ["POST", `/api/admin/orders/${someId}/mark-paid`],
  ["POST", `/api/admin/orders/${someId}/status`],
  ["POST", `/api/admin/orders/${someId}/notes`],
  ["POST", `/api/admin/orders/${someId}/emails`],
  ["POST", `/api/admin/orders/${someId}/balance-link`],
  ["GET", `/api/admin/orders/${someId}/mails/1`],
  ["GET", "/api/admin/studio-jobs?product=1"],
  ["GET", "/api/admin/products"],
  ["POST", "/api/admin/products"],
  ["GET", "/api/admin/products/1"],
  ["PUT", "/api/admin/products/1"],
  ["DELETE", "/api/admin/products/1"],
  ["POST", "/api/admin/products/1/hide"],
  ["POST", "/api/admin/products/1/show"],
  ["GET", "/api/admin/custom-orders"],
  ["GET", "/api/admin/custom-orders/1"],
  ["PATCH", "/api/admin/custom-orders/1/status"],
  ["PUT", "/api/admin/custom-orders/1/notes"],
  ["POST", "/api/admin/custom-orders/1/messages"],
  ["GET", "/api/admin/custom-orders/1/quotes"],
  ["POST", "/api/admin/custom-orders/1/quotes"],
  ["POST", "/api/admin/custom-orders/1/quotes/1/withdraw"],
  ["GET", `/api/admin/custom-orders/photos/${someId}?expires=1&sig=x`],
  ["GET", "/api/admin/inbox"],
  ["GET", "/api/admin/inbox/1"],
  ["PATCH", "/api/admin/inbox/1"],
  ["POST", "/api/admin/inbox/1/replies"],
  ["GET", "/api/admin/staff"],
  ["POST", "/api/admin/staff"],
  ["POST", "/api/admin/staff/1/disable"],
  ["POST", "/api/admin/staff/1/enable"],
  ["POST", "/api/admin/staff/1/password"],
  ["PATCH", "/api/admin/account/password"],
  ["GET", "/api/admin/audit"],
];

async function customerCookie(): Promise<string> {
  // A real customer: placing an order gives the browser its checkout cookie.
  const response = await fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(await orderPayload(baseURL())),
  });
  expect(response.status).toBe(201);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("the staff's doors", () => {
  it("send every old admin address of the shop to the same page of the staff console", async () => {
    const customer = await customerCookie();
    const consoleOrigin = new URL((await fetch(`${baseURL()}/admin`, { redirect: "manual" })).headers.get("location")!).origin;
    expect(consoleOrigin).not.toBe(new URL(baseURL()).origin);
    for (const path of [
      "/admin",
      "/admin/login?next=%2Fadmin%2Forders",
      "/admin/orders?status=PAID",
      "/admin/products/1",
      "/admin/inbox/7",
    ]) {
      for (const cookie of ["", customer]) {
        for (const method of ["GET", "POST"]) {
          const response = await fetch(`${baseURL()}${path}`, {
            method,
            redirect: "manual",
            headers: {
              Cookie: cookie,
              Origin: baseURL(),
              ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
            },
            body: method === "POST" ? "intent=anything" : undefined,
          });
          const where = `${method} ${path} ${cookie ? "as a customer" : "anonymous"}`;
          expect(response.status, where).toBe(method === "GET" ? 302 : 303);
          expect(response.headers.get("location"), where).toBe(`${consoleOrigin}${path}`);
        }
      }
    }
  });

  it("answer 401 JSON to an anonymous caller and a customer on every staff endpoint", async () => {
    const customer = await customerCookie();
    const endpoints = [
      ...staffEndpoints.map(([method, path]) => [method, path, baseURL(), baseURL()] as const),
      ...consoleEndpoints.map(([method, path]) => [method, path, apiURL(), consoleOrigin] as const),
    ];
    for (const [method, path, base, origin] of endpoints) {
      for (const cookie of ["", customer]) {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
          body: method === "GET" || method === "HEAD" ? undefined : JSON.stringify({ paymentStatus: "SUCCEEDED" }),
        });
        const where = `${method} ${path} ${cookie ? "as a customer" : "anonymous"}`;
        expect(response.status, where).toBe(401);
        expect(await response.json(), where).toHaveProperty("error");
      }
    }
  });

  it("forward nothing of the console's API from the shop's domain, however the address is spelled", async () => {
    const customer = await customerCookie();
    for (const [method, path] of [
      ...consoleEndpoints,
      ["GET", "/api/admin"],
      ["GET", "/api//admin/session"],
      ["GET", "/api/%61dmin/session"],
    ]) {
      const response = await fetch(`${baseURL()}${path}`, {
        method,
        headers: { Cookie: customer, Origin: baseURL(), "Content-Type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      expect([response.status, await response.json()], `${method} ${path}`).toEqual([404, { error: "Not found" }]);
    }
  });
});
