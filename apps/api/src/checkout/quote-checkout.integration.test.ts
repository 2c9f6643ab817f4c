import { productionDays } from "@workshop/domain/custom-quote.ts";
import { type DeliveryOptionId, deliveryDays, deliveryWindow } from "@workshop/domain/delivery.ts";
import { addressStepAnswer, deliveryStepAnswer, paymentStepAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { orderPageAnswer, successPageAnswer } from "@workshop/domain/shop-api/order-pages.ts";
import { customOrderSchema } from "@workshop/domain/validation/custom-order.ts";
import { customRequest } from "@workshop/testing/custom-request.ts";
import { newYorkAddress } from "@workshop/testing/sample-orders.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderDetail } from "#server/admin-orders/order-detail.ts";
import type { Actor } from "#server/audit/actor.ts";
import { writeQuote } from "#server/custom-orders/quotes.ts";
import { photoLink } from "#server/custom-orders/signed-links.ts";
import { submitCustomOrder } from "#server/custom-orders/submit.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

// Read by the first config() call, which comes after these lines.
process.env.RATE_LIMIT_WRITES = "1000/60";
// No rate source here: the order takes the default rate at once.
process.env.FX_RATE_URL = "http://127.0.0.1:9/latest";

/**
 * A custom hat's deposit checkout (decision 049): what its steps and its order's pages answer of
 * the hat — the days counted from the quote's production time, the request's size as sent, and its
 * reference photo by a link only its customer is given (or a catalogue hat of its kind).
 */
let test: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  await useTempStorage("quote-checkout");
  await seedCatalogIfEmpty(test.database.db);
});
afterAll(() => test?.close());

const staff: Actor = { staffId: null, label: "owner@workshop.test", role: "owner", ip: null };
const inTenDays = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

const call = (method: InjectOptions["method"], url: string, cookie?: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
const checkoutCookieOf = (response: LightMyRequestResponse) =>
  ([] as string[])
    .concat(response.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("checkout="))!
    .split(";")[0]!;

/** A reference photo uploaded as the /custom page's script does: its id. */
async function uploadedPhoto(): Promise<string> {
  const form = new FormData();
  form.append("files", new File([new Uint8Array(await sampleJpeg(80, 60))], "band.jpg", { type: "image/jpeg" }));
  const multipart = new Response(form);
  const upload = await app.inject({
    method: "POST",
    url: "/api/custom-orders/uploads",
    headers: { "content-type": multipart.headers.get("content-type")! },
    payload: Buffer.from(await multipart.arrayBuffer()),
  });
  expect(upload.statusCode).toBe(201);
  return (upload.json() as { id: string }[])[0]!.id;
}

/** A request as the /custom form sends it, quoted by staff with `productionTime`; a browser that accepted it, with New York's address. */
async function acceptedQuote(fields: Partial<typeof customRequest>, productionTime: "1-2 weeks" | "3-4 weeks" | "4-6 weeks") {
  const requestId = await submitCustomOrder(customOrderSchema.parse({ ...customRequest, ...fields }), "en");
  const quote = await writeQuote(requestId, { price: 18_550, description: "A fedora", productionTime, validUntil: inTenDays() }, staff);
  const accepted = await call("POST", `/api/shop/quotes/${quote.token}/accept`, undefined, {});
  expect(accepted.json()).toEqual({ next: "/checkout/shipping" });
  const cookie = checkoutCookieOf(accepted);
  expect((await call("POST", "/api/shop/checkout/address", cookie, { ...newYorkAddress, lang: "en" })).json()).toEqual({
    next: "/checkout/shipping-options",
  });
  return { requestId, cookie };
}

const summaryOf = async (cookie: string) => {
  const step = addressStepAnswer.parse((await call("GET", "/api/shop/checkout/address?lang=en", cookie)).json());
  if ("next" in step) throw new Error(`no summary: ${step.next}`);
  return step.summary;
};

describe("a custom hat's deposit checkout", () => {
  it("counts the delivery days from the quote's production time, in English and Russian", async () => {
    const { cookie } = await acceptedQuote({}, "4-6 weeks");
    for (const lang of ["en", "ru"] as const) {
      const before = new Date();
      const step = deliveryStepAnswer.parse((await call("GET", `/api/shop/checkout/delivery?lang=${lang}`, cookie)).json());
      const after = new Date();
      if ("next" in step) throw new Error(step.next);
      expect(step.summary.customHat?.productionTime).toBe("4-6 weeks");
      const dhl = step.options.find((o) => o.id === "DHL")!;
      // 20–30 business days of making (four to six weeks), then DHL's 5–7.
      const expected = [before, after].map((at) => deliveryDays(deliveryWindow("DHL", at, productionDays("4-6 weeks")), lang));
      expect(expected).toContainEqual(dhl.window);
      // Never the catalogue's 5–10 days.
      expect(dhl.window).not.toEqual(deliveryDays(deliveryWindow("DHL", before), lang));
    }
    const other = await acceptedQuote({}, "1-2 weeks");
    const quick = deliveryStepAnswer.parse((await call("GET", "/api/shop/checkout/delivery?lang=en", other.cookie)).json());
    if ("next" in quick) throw new Error(quick.next);
    expect([deliveryDays(deliveryWindow("DHL", new Date(), productionDays("1-2 weeks")), "en")]).toContainEqual(
      quick.options.find((o) => o.id === "DHL")!.window,
    );
  });

  it("shows the request's size as sent and its first reference photo, by a link that only opens this photo for its customer", async () => {
    const [first, second] = [await uploadedPhoto(), await uploadedPhoto()];
    const { requestId, cookie } = await acceptedQuote({ size: "58 cm", referenceImages: [first, second] }, "3-4 weeks");
    const { customHat } = await summaryOf(cookie);
    expect(customHat).toMatchObject({ size: "58 cm", productionTime: "3-4 weeks", picture: { kind: "reference" } });
    const url = customHat!.picture.kind === "reference" ? customHat!.picture.url : "";
    expect(url).toMatch(new RegExp(`^/api/shop/custom-orders/photos/${first}\\?expires=\\d+&sig=[\\w-]+$`));

    // The customer's page loads it: the photo itself, never kept by a shared cache.
    const shown = await call("GET", url);
    expect([shown.statusCode, shown.headers["content-type"], shown.headers["cache-control"]]).toEqual([
      200,
      "image/jpeg",
      "private, no-store",
    ]);
    expect(shown.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // A stranger: no link without this checkout, and no photo without the shop's signature.
    expect((await call("GET", "/api/shop/checkout/address?lang=en")).json()).toEqual({ next: "/checkout/confirmation" });
    const bare = `/api/shop/custom-orders/photos/${first}`;
    const [, query] = url.split("?");
    const params = new URLSearchParams(query);
    const tampered = `${params.get("sig")!.slice(0, -1)}${params.get("sig")!.endsWith("A") ? "B" : "A"}`;
    for (const attempt of [
      bare,
      `${bare}?expires=${params.get("expires")}`,
      `${bare}?expires=${params.get("expires")}&sig=${tampered}`,
      `${bare}?expires=${Number(params.get("expires")) + 3600}&sig=${params.get("sig")}`,
      // The customer's signature is for this photo alone.
      `/api/shop/custom-orders/photos/${second}?${query}`,
      // A staff link is signed apart: it opens nothing here.
      photoLink(first).replace("/api/admin/custom-orders/photos", "/api/shop/custom-orders/photos"),
    ]) {
      const refused = await call("GET", attempt);
      expect([attempt, refused.statusCode]).toEqual([attempt, 403]);
      expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    }
    // Nor does the customer's link open the staff's door.
    expect((await call("GET", url.replace("/api/shop/custom-orders/photos", "/api/admin/custom-orders/photos"))).statusCode).toBe(401);

    // The payment step, the thank-you page and the order's own page show the same hat.
    expect((await call("POST", "/api/shop/checkout/delivery", cookie, { deliveryOption: "DHL", lang: "en" })).json()).toEqual({
      next: "/checkout/payment",
    });
    const step = paymentStepAnswer.parse((await call("GET", "/api/shop/checkout/payment?lang=ru", cookie)).json());
    if ("next" in step) throw new Error(step.next);
    expect(step.summary.customHat).toMatchObject({ size: "58 cm", productionTime: "3-4 weeks", picture: { kind: "reference" } });
    const placed = await call("POST", "/api/shop/checkout/payment", cookie, { paymentMethod: "TEST_CARD", orderId: null, lang: "en" });
    const next = new URL(placed.json().next, "http://shop");
    expect(next.pathname).toBe("/checkout/success");
    const orderId = next.searchParams.get("order_id")!;
    const success = successPageAnswer.parse((await call("GET", `/api/shop/checkout/success?orderId=${orderId}&lang=ru`, cookie)).json());
    if ("next" in success) throw new Error(success.next);
    expect(success.order.customHat).toMatchObject({ size: "58 cm", productionTime: "3-4 weeks", picture: { kind: "reference" } });
    const orderPicture = success.order.customHat!.picture;
    expect(orderPicture.kind === "reference" && (await call("GET", orderPicture.url)).statusCode).toBe(200);
    const page = orderPageAnswer.parse((await call("GET", `/api/shop/orders/${success.order.accessToken}?lang=en`)).json());
    expect(page.order.customHat?.size).toBe("58 cm");
    expect(page.order.productName).toBe(`Custom Fedora (request #C${requestId})`);
    // The console's estimate counts the same making time as the checkout did.
    const detail = (await orderDetail(orderId))!;
    const option = detail.order.deliveryOption as DeliveryOptionId;
    expect(detail.estimate.quoted).toEqual(deliveryWindow(option, detail.order.createdAt, productionDays("3-4 weeks")));
  });

  it("shows a catalogue photo of a hat of the request's kind when it came without a photo, and a size as the customer wrote it", async () => {
    const { cookie } = await acceptedQuote({ hatType: "Panama Hat", size: "M (57)", referenceImages: [] }, "1-2 weeks");
    const { customHat } = await summaryOf(cookie);
    expect(customHat).toEqual({
      size: "M (57)",
      productionTime: "1-2 weeks",
      picture: { kind: "catalogue", key: "products/hat-01-1.webp" },
    });
    // A photo the shop serves (from the seeded catalogue).
    const photo = await call("GET", "/media/320/products/hat-01-1.jpg");
    expect([photo.statusCode, photo.headers["content-type"]]).toEqual([200, "image/jpeg"]);
  });
});
