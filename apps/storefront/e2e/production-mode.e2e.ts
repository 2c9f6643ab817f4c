import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type DatabaseHandle, openDatabase, useDatabase } from "@workshop/api/db/client.ts";
import { seedProducts } from "@workshop/api/db/seed/products.ts";
import { seedCatalogIfEmpty } from "@workshop/api/db/seed.ts";
import { placeOrder } from "@workshop/api/orders/place-order.ts";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The production build with a Xendit key configured: sandbox-only things are gone.
 * (The environment is set before this file's configuration is first read.)
 */
process.env.XENDIT_SECRET_KEY = "xnd_configured_for_this_test";
process.env.XENDIT_CALLBACK_TOKEN = "callback-token-configured-for-this-test";
process.env.PUBLIC_URL = "https://shop.example.com";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "shop-prod-mode-"));

let database: DatabaseHandle;
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  database = await openDatabase({ pglite: new PGlite() });
  useDatabase(database);
  await seedCatalogIfEmpty(database.db);
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  handle = createRequestHandler(build, "production");
});
afterAll(() => database.close());

describe("payments in production mode", () => {
  it("shows no demo banner", async () => {
    const html = await (await handle(new Request("http://localhost/"))).text();
    expect(html).toContain("Handwoven hats");
    expect(html).not.toContain("Demo shop");
  });

  it("has no /test-checkout", async () => {
    expect((await handle(new Request("http://localhost/test-checkout"))).status).toBe(404);
  });

  it("refuses the test card", async () => {
    const order = placeOrder({
      productId: 1,
      selectedSize: seedProducts[0]!.sizes[0]!,
      shippingAddress: {
        fullName: "A",
        email: "a@example.com",
        phone: "1",
        addressLine1: "1",
        addressLine2: "",
        city: "Ubud",
        state: "Bali",
        postalCode: "1",
        country: "Indonesia",
      },
      deliveryOption: "PICKUP",
      paymentMethod: "TEST_CARD",
      locale: "en",
    });
    await expect(order).rejects.toThrow("Invalid payment method: TEST_CARD");
  });
});
