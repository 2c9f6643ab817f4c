import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { baseURL } from "./fixtures.ts";
import { orderPayload } from "./samples.ts";

/** Every path of the route table, with its file. */
function flatten(entries: readonly RouteConfigEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? prefix : [prefix, entry.path].filter(Boolean).join("/");
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}
const table = flatten(routes);

/**
 * Every JSON API route, and who may call it. A new API route fails this test until it is listed
 * here, so nobody adds a staff endpoint without the check below covering it.
 */
const apiAccess: Record<string, "public" | "staff"> = {
  "api/products": "public", // POST (a new product) is staff: checked below
  "api/products/export": "staff",
  "api/products/:id": "public", // PUT (a change) is staff: checked below
  "api/instagram": "public",
  "api/custom-orders": "public", // POST sends a request; GET (the list) is staff: checked below
  "api/custom-orders/uploads": "public",
  "api/orders": "public", // POST places an order; GET (the list) is staff: checked below
  "api/orders/update-payment-status": "staff",
  "api/orders/:id": "staff",
  "api/orders/:id/refunds": "staff",
  "api/rates/usd-idr": "public",
  "api/uploads": "staff",
  "api/ai/enhance-product-images": "staff",
  "api/ai/enhance-product-images/results/:id": "staff",
  "api/xendit/payment-request": "public",
  "api/xendit/payment-status": "public",
  "api/xendit/webhook": "public",
  "api/*": "public",
};
/** Staff calls on public routes (a read of a route whose write is public). */
const staffCalls: [method: string, path: string][] = [
  ["GET", "/api/orders"],
  ["GET", "/api/custom-orders"],
  ["POST", "/api/products"],
  ["PUT", "/api/products/1"],
];

// A concrete address for a route pattern: an id that looks real, a made-up rest.
const concrete = (pattern: string) =>
  `/${pattern}`.replace(/:id\b/g, "00000000-0000-4000-8000-000000000000").replace(/:\w+/g, "1").replace(/\*$/, "anything");

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

const adminPages = table.filter((r) => r.path === "admin" || (r.path.startsWith("admin/") && !["admin/login"].includes(r.path)));
const staffApis = [
  ...table
    .filter((r) => r.path.startsWith("api/") && apiAccess[r.path] === "staff")
    .flatMap((r) => ["GET", "POST", "PUT", "PATCH", "DELETE"].map((m) => [m, concrete(r.path)] as [string, string])),
  ...staffCalls,
];

describe("the route table", () => {
  it("lists who may call every API route", () => {
    const unlisted = table.filter((r) => r.path.startsWith("api/") && !(r.path in apiAccess)).map((r) => r.path);
    expect(unlisted).toEqual([]);
    expect(adminPages.length).toBeGreaterThanOrEqual(4);
  });

  it("sends an anonymous visitor and a customer from every admin page to the sign-in page", async () => {
    const customer = await customerCookie();
    for (const { path } of adminPages) {
      const url = concrete(path);
      for (const cookie of ["", customer]) {
        for (const method of ["GET", "POST"]) {
          const response = await fetch(`${baseURL()}${url}`, {
            method,
            redirect: "manual",
            headers: {
              Cookie: cookie,
              Origin: baseURL(),
              ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
            },
            body: method === "POST" ? "intent=anything" : undefined,
          });
          const where = `${method} ${url} ${cookie ? "as a customer" : "anonymous"}`;
          if (path === "admin/logout") {
            // Signing out needs a session too; without one it changes nothing and leads to the sign-in page.
            expect([302, 403], where).toContain(response.status);
            continue;
          }
          expect(response.status, where).toBe(302);
          expect(response.headers.get("location"), where).toMatch(/^\/admin\/login\?next=/);
        }
      }
    }
  });

  it("answers 401 JSON to an anonymous caller and a customer on every staff API", async () => {
    const customer = await customerCookie();
    for (const [method, url] of staffApis) {
      for (const cookie of ["", customer]) {
        const response = await fetch(`${baseURL()}${url}`, {
          method,
          headers: { Cookie: cookie, Origin: baseURL(), "Content-Type": "application/json" },
          body: method === "GET" || method === "HEAD" ? undefined : JSON.stringify({ paymentStatus: "SUCCEEDED" }),
        });
        const where = `${method} ${url} ${cookie ? "as a customer" : "anonymous"}`;
        // A method the route does not take may be refused first (405); never served.
        expect([401, 405], where).toContain(response.status);
        if (response.status === 401) expect(await response.json(), where).toHaveProperty("error");
      }
    }
  });
});
