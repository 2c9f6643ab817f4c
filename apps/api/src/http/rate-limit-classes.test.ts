import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { adminApi } from "#server/admin-api.ts";
import { jsonApi } from "#server/plugins/json-api.ts";
import { limitOfRoute } from "#server/plugins/rate-limits.ts";
import { shopApi } from "#server/shop-api.ts";
import { specApi } from "#server/spec-api.ts";
import type { LimitName } from "./rate-limits.ts";

/** Every route of the JSON API with the limit its requests count against, as its config names it. */
async function routeLimits() {
  const found: string[] = [];
  const app = Fastify();
  app.addHook("onRoute", (route) => {
    const declared = (route.config as { rateLimit?: LimitName | null } | undefined)?.rateLimit;
    for (const method of [route.method].flat()) found.push(`${method} ${route.url} ${limitOfRoute(method, declared)}`);
  });
  await app.register(jsonApi([specApi, shopApi, adminApi]));
  await app.ready();
  await app.close();
  return found;
}

describe("the limit each route counts against", () => {
  it("is its own for placing, paying, the forms, the uploads and the webhook; none for the staff's payment status; `writes` for any other write", async () => {
    const found = await routeLimits();
    const writes = ["POST", "PUT", "PATCH", "DELETE"];
    const of = (url: string, limit: string, methods = writes) => methods.map((method) => `${method} ${url} ${limit}`);
    const special = [
      ...of("/api/orders", "orders"),
      ...of("/api/shop/checkout/payment", "orders", ["POST"]),
      ...of("/api/xendit/payment-request", "payments"),
      ...of("/api/shop/orders/:token/pay", "payments", ["POST"]),
      ...of("/api/shop/contact", "contact", ["PUT", "PATCH", "DELETE", "POST"]),
      ...of("/api/shop/custom-orders", "customOrders", ["PUT", "PATCH", "DELETE", "POST"]),
      ...of("/api/custom-orders", "customOrders"),
      ...of("/api/custom-orders/uploads", "referencePhotos"),
      ...of("/api/uploads", "uploads"),
      ...of("/api/admin/orders/:id/making/photos", "uploads", ["POST"]),
      ...of("/api/ai/enhance-product-images", "aiJobs"),
      ...of("/api/xendit/webhook", "webhooks"),
      ...of("/api/orders/update-payment-status", "null", ["PATCH", "POST", "PUT", "DELETE"]),
      ...of("/api/shop/orders/:token", "linkMisses", ["GET", "HEAD"]),
      ...of("/api/shop/quotes/:token", "linkMisses", ["GET", "HEAD"]),
      ...of("/api/shop/orders/:token/making/photos/:photoId/:file", "linkMisses", ["GET", "HEAD"]),
      ...of("/api/shop/orders/:token/stage-mails", "linkMisses", ["GET", "HEAD"]),
    ];
    expect(found.filter((line) => !line.endsWith(" writes") && !line.endsWith(" null")).sort()).toEqual(
      special.filter((line) => !line.endsWith(" null")).sort(),
    );
    const uncounted = found.filter((line) => line.endsWith(" null") && writes.includes(line.split(" ")[0]!));
    expect(uncounted.sort()).toEqual(of("/api/orders/update-payment-status", "null", ["PATCH", "POST", "PUT", "DELETE"]).sort());
    expect(found).toContain("POST /api/admin/orders/:id/status writes");
    expect(found).toContain("GET /api/shop/products null");
  });
});
