import { readdir } from "node:fs/promises";
import path from "node:path";
import { referenceUploadLimits, uploadMessages } from "@workshop/domain/uploads.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { encodedForm, postPartly } from "#e2e/support/oversized-request.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { baseURL, expectAccessible, hydrated, useBrowser } from "./fixtures.ts";
import { customRequest } from "./samples.ts";

const sample = customRequest;

const send = (body: unknown, base = baseURL(), headers: Record<string, string> = {}) =>
  fetch(`${base}/api/custom-orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const photoForm = (files: { name: string; body: Buffer; type?: string }[]) => {
  const form = new FormData();
  for (const f of files) form.append("files", new File([new Uint8Array(f.body)], f.name, { type: f.type ?? "image/jpeg" }));
  return form;
};
const upload = (form: FormData, base = baseURL()) => fetch(`${base}/api/custom-orders/uploads`, { method: "POST", body: form });

describe("POST /api/custom-orders and GET /api/custom-orders", () => {
  it("creates a request (201 {id}); bad input, NUL bytes and a 50 MB body are 400/413 {error}", async () => {
    const created = await send(sample);
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: expect.any(Number) });

    const missing = await send({ ...sample, email: "nope", hatType: "" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "email must be a valid email address" });
    const pandan = await send({ ...sample, material: "Pandan" });
    expect(pandan.status).toBe(400);
    expect(await pandan.json()).toMatchObject({
      error: 'material must be one of "Straw", "Woven Palm Leaf", "Fabric", "Mixed Materials", "Other"',
    });
    const nul = await send({ ...sample, details: "a\u0000b" });
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { error: string }).error).toMatch(/not allowed|NUL|characters/i);
    const hugeBody = Buffer.from(JSON.stringify({ ...sample, details: "x".repeat(50 * 1024 * 1024) }));
    const huge = await postPartly(
      `${baseURL()}/api/custom-orders`,
      { "Content-Type": "application/json" },
      hugeBody.subarray(0, 64 * 1024),
      hugeBody.length,
    );
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toEqual({ error: expect.any(String) });
    const unknownPhoto = await send({ ...sample, referenceImages: ["q".repeat(32)] });
    expect(unknownPhoto.status).toBe(400);
  });

  it("lists requests to staff only, with SPEC 3's defaults and signed, expiring photo links", async () => {
    expect((await fetch(`${baseURL()}/api/custom-orders`)).status).toBe(401);
    const [id] = (await (await upload(photoForm([{ name: "ref.jpg", body: await sampleJpeg() }]))).json()) as { id: string }[];
    const created = (await (await send({ ...sample, name: "Photo Person", referenceImages: [id!.id] })).json()) as { id: number };
    const list = await fetch(`${baseURL()}/api/custom-orders?page=1&limit=5`, {
      headers: { Authorization: `Bearer ${inject("staffToken")}` },
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { customOrders: Record<string, unknown>[]; pagination: Record<string, number> };
    expect(body.pagination).toMatchObject({ page: 1, limit: 5 });
    const view = body.customOrders.find((c) => c.id === created.id)!;
    expect(view).toMatchObject({ status: "NEW", phone: "N/A", colors: "To be discussed", budgetMin: 100, budgetMax: 500 });
    const link = (view.referenceImages as string[])[0]!;
    expect(link).toMatch(/^\/api\/custom-orders\/photos\/[\w-]{32}\?expires=\d+&sig=[\w-]+$/);

    // The link is for staff only (the token, on the shop's domain), and only as signed.
    const anonymous = await fetch(`${baseURL()}${link}`, { redirect: "manual" });
    expect(anonymous.status).toBe(401);
    const staff = { Authorization: `Bearer ${inject("staffToken")}` };
    const shown = await fetch(`${baseURL()}${link}`, { headers: staff });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/jpeg");
    const tampered = await fetch(`${baseURL()}${link.replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 60}`)}`, { headers: staff });
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toEqual({ error: "This link is not valid or has expired" });
  });
});

describe("custom requests on a shop with low limits", () => {
  let shop: RunningShop;
  const stored = async () =>
    (await readdir(path.join(shop.dataDir, "files", "private"), { recursive: true }).catch(() => [])).filter((f) => f.endsWith(".jpg"))
      .length;
  beforeAll(async () => {
    shop = await startShop({ RATE_LIMIT_CUSTOM_ORDERS: "3/600", RATE_LIMIT_REFERENCE_PHOTOS: "5/600" });
  });
  afterAll(() => shop?.remove());

  it("uploads: a 4th photo, a 6 MB photo and a PDF named .jpg are refused with clear messages and nothing stored; 3 photos give 3 ids", async () => {
    const jpeg = await sampleJpeg();
    const four = await upload(photoForm([1, 2, 3, 4].map((n) => ({ name: `${n}.jpg`, body: jpeg }))), shop.baseURL);
    expect(four.status).toBe(400);
    expect(await four.json()).toEqual({ error: referenceUploadLimits.tooMany });
    const big = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(6 * 1024 * 1024, 7)]);
    const largeForm = await encodedForm(photoForm([{ name: "big.jpg", body: big }]));
    // The declared length is within the route's cap for three photos: the shop must count the photo's bytes.
    const large = await postPartly(
      `${shop.baseURL}/api/custom-orders/uploads`,
      { "Content-Type": largeForm.contentType },
      largeForm.body.subarray(0, referenceUploadLimits.maxBytes + 64 * 1024),
      largeForm.body.length,
    );
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body)).toEqual({ error: referenceUploadLimits.tooLarge });
    const pdf = await upload(photoForm([{ name: "photo.jpg", body: Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n") }]), shop.baseURL);
    expect(pdf.status).toBe(400);
    expect(await pdf.json()).toEqual({ error: uploadMessages.notAnImage });
    expect(await stored()).toBe(0);

    const three = await upload(photoForm([1, 2, 3].map((n) => ({ name: `${n}.jpg`, body: jpeg }))), shop.baseURL);
    expect(three.status).toBe(201);
    const ids = (await three.json()) as { id: string }[];
    expect(ids).toHaveLength(3);
    expect(new Set(ids.map((i) => i.id)).size).toBe(3);
    expect(await stored()).toBe(3);
    // Private: the public media route has no way to them.
    expect((await fetch(`${shop.baseURL}/media/640/private/custom-orders/x.jpg`)).status).toBe(404);

    expect((await upload(photoForm([{ name: "5.jpg", body: jpeg }]), shop.baseURL)).status).toBe(201);
    const refused = await upload(photoForm([{ name: "6.jpg", body: jpeg }]), shop.baseURL);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("a burst of requests hits the limit: 429 with Retry-After and JSON {error}", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(sample, shop.baseURL)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = await send(sample, shop.baseURL);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests/) });
  });
});

const browser = useBrowser();
const shots = process.env.SCREENSHOTS_DIR;

/** Whether an element is within the window, below the sticky header's top edge. */
const inSight = (element: Locator) =>
  element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe("the /custom page in a browser", () => {
  it("sends a request with three photos in English and shows the thank-you; the form is cleared", async () => {
    const page = await browser.open("/custom");
    await hydrated(page);
    await page.getByLabel("Full name").fill("Ayu Lestari");
    await page.getByLabel("E-mail").fill("ayu@example.com");
    await page.getByLabel("Hat type").selectOption("Panama Hat");
    await page.getByLabel("Material").selectOption("Woven Palm Leaf");
    await page.getByLabel("Size", { exact: true }).fill("57 cm");
    await page.getByLabel("Timeline").selectOption("Flexible");
    await page.getByLabel("Details").fill("Like my grandfather's panama");
    const jpeg = await sampleJpeg();
    await page
      .locator("input[type=file]")
      .setInputFiles([1, 2, 3].map((n) => ({ name: `ref-${n}.jpg`, mimeType: "image/jpeg", buffer: jpeg })));
    await expect.poll(() => page.locator("input[name=referenceImages]").count()).toBe(3);
    await expect.poll(() => page.getByRole("img", { name: /ref-\d\.jpg/ }).count()).toBe(3);
    // The previews really show (the page's Content-Security-Policy lets them load).
    for (const image of await page.getByRole("img", { name: /ref-\d\.jpg/ }).all()) {
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await page.getByRole("button", { name: "Remove ref-3.jpg" }).click();
    await page.locator("input[type=file]").setInputFiles([{ name: "ref-4.jpg", mimeType: "image/jpeg", buffer: jpeg }]);
    await expect.poll(() => page.locator("input[name=referenceImages]").count()).toBe(3);
    if (shots) await page.screenshot({ path: `${shots}/custom-photos-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Submit Custom Order Request" }).click();
    const status = page.getByRole("status").filter({ hasText: "Thank you for your custom order request!" });
    await status.waitFor();
    expect(await status.textContent()).toContain("get back to you within 48 hours to discuss the details and provide a quote.");
    // The thank-you takes the form's place, in sight; another request starts from an empty form.
    expect(await inSight(status)).toBe(true);
    expect(await page.getByLabel("Full name").isVisible()).toBe(false);
    await page.getByRole("link", { name: "Send another request" }).click();
    await page.getByLabel("Full name").waitFor();
    expect(await page.getByLabel("Full name").inputValue()).toBe("");
    expect(await page.locator("input[name=referenceImages]").count()).toBe(0);
    expect(await status.count()).toBe(0);
  });

  it("on a phone, shows the thank-you on the screen where the form was sent, with and without JavaScript", async () => {
    for (const javaScript of [true, false]) {
      const page = await browser.open("/custom", { width: 390, javaScript });
      if (javaScript) await hydrated(page);
      await page.getByLabel("Full name").fill(javaScript ? "Phone Person" : "Plain Phone");
      await page.getByLabel("E-mail").fill("phone@example.com");
      await page.getByLabel("Hat type").selectOption("Bucket Hat");
      await page.getByLabel("Material").selectOption("Fabric");
      await page.getByLabel("Size", { exact: true }).fill("M");
      await page.getByLabel("Timeline").selectOption("Flexible");
      await page.getByLabel("Details").fill("A bucket hat for the rain");
      await page.getByRole("button", { name: "Submit Custom Order Request" }).click();
      const status = page.getByRole("status").filter({ hasText: "Thank you for your custom order request!" });
      await status.waitFor();
      await expect.poll(() => inSight(status), { message: `JavaScript ${javaScript}` }).toBe(true);
      expect(await page.getByRole("button", { name: "Submit Custom Order Request" }).isVisible()).toBe(false);
    }
  });

  it("shows 'This field is required' beside each missing field", async () => {
    const page = await browser.open("/custom");
    await hydrated(page);
    await page.getByRole("button", { name: "Submit Custom Order Request" }).click();
    for (const id of ["name", "email", "hatType", "material", "size", "details", "timeline"]) {
      await page.locator(`#field-${id}-error`).waitFor();
      expect(await page.locator(`#field-${id}-error`).textContent()).toBe("This field is required");
    }
    expect(await page.locator("#field-phone-error").count()).toBe(0);
  });

  it("works without JavaScript (no photos): errors, then the thank-you", async () => {
    const page = await browser.open("/custom", { javaScript: false });
    await page.getByRole("button", { name: "Submit Custom Order Request" }).click();
    await page.locator("#field-name-error").waitFor();
    await page.getByLabel("Full name").fill("No Script");
    await page.getByLabel("E-mail").fill("noscript@example.com");
    await page.getByLabel("Hat type").selectOption("Bucket Hat");
    await page.getByLabel("Material").selectOption("Fabric");
    await page.getByLabel("Size", { exact: true }).fill("M");
    await page.getByLabel("Timeline").selectOption("1-2 months");
    await page.getByLabel("Details").fill("A bucket hat in indigo");
    await page.getByRole("button", { name: "Submit Custom Order Request" }).click();
    await page.getByRole("status").filter({ hasText: "Thank you for your custom order request!" }).waitFor();
  });

  it("in Russian, and accessible (axe) in both languages at 390 and 1280 px", async () => {
    for (const [path, locale] of [
      ["/custom", "en-US"],
      ["/ru/custom", "ru-RU"],
    ] as const) {
      for (const width of [390, 1280]) {
        const page = await browser.open(path, { width, locale });
        await expectAccessible(page);
        if (shots) await page.screenshot({ path: `${shots}/custom-${locale}-${width}.png`, fullPage: true });
      }
    }
    const page = await browser.open("/ru/custom", { locale: "ru-RU" });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Шляпы на заказ");
    await page.getByRole("button", { name: "Отправить заявку на шляпу" }).click();
    await page.locator("#field-name-error").waitFor();
    expect(await page.locator("#field-name-error").textContent()).toBe("Это поле обязательно");
  });
});

describe("a visitor who has used its share of waiting photos", () => {
  let shop: RunningShop;
  beforeAll(async () => {
    shop = await startShop({ RATE_LIMIT_REFERENCE_PHOTOS: "100/600" });
  });
  afterAll(() => shop?.remove());
  const own = useBrowser(() => shop.baseURL);

  it("is told on the page, in its language, to send the request with the photos it has", async () => {
    const jpeg = await sampleJpeg();
    for (let i = 0; i < 5; i++) {
      expect((await upload(photoForm([1, 2, 3].map((n) => ({ name: `${n}.jpg`, body: jpeg }))), shop.baseURL)).status).toBe(201);
    }
    for (const [path, locale, width, text] of [
      ["/custom", "en-US", 390, "You have uploaded many photos in the last hour."],
      ["/ru/custom", "ru-RU", 1280, "За последний час вы загрузили много фото."],
    ] as const) {
      const page = await own.open(path, { locale, width });
      await hydrated(page);
      await page.locator("input[type=file]").setInputFiles([{ name: "one-more.jpg", mimeType: "image/jpeg", buffer: jpeg }]);
      await page.getByText(text).waitFor();
      expect(await page.locator("input[name=referenceImages]").count()).toBe(0);
      await expectAccessible(page);
      if (shots) await page.screenshot({ path: `${shots}/custom-share-used-${locale}-${width}.png`, fullPage: true });
    }
  });
});
