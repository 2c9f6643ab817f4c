import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@workshop/api/db/client.ts";
import { type SeedreamSimulator, startSeedreamSimulator } from "@workshop/api/simulators/seedream/index.ts";
import { hashPassword } from "@workshop/api/staff/passwords.ts";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, formToken, signIn, staffCookie } from "#e2e/support/admin.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { expectAccessible, hydrated, useBrowser } from "./fixtures.ts";
import { raisedRateLimits } from "./global-setup.ts";

const { open } = useBrowser();

/**
 * The 'AI studio photos' panel on a shop of its own, run with the remote engine against the
 * Seedream stand-in on loopback (the default local engine has its own test, ai-studio-local.e2e.ts).
 */
const russian: Credentials = { email: "studio-ru@workshop.test", password: "Ubud-studio-owner-2026" };
const english: Credentials = { email: "studio-en@workshop.test", password: "Ubud-studio-staff-2026" };
const apiKey = `ark-${randomBytes(8).toString("hex")}`;
let shop: RunningShop;
let sim: SeedreamSimulator;
const baseURL = () => shop.baseURL;

beforeAll(async () => {
  sim = await startSeedreamSimulator({ apiKey });
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-studio-"));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  await database.db
    .insertInto("staffAccounts")
    .values([
      { email: russian.email, name: "Студия", role: "owner", locale: "ru", passwordHash: await hashPassword(russian.password) },
      { email: english.email, name: "Studio", role: "staff", locale: "en", passwordHash: await hashPassword(english.password) },
    ])
    .execute();
  await database.close();
  shop = await startShop(
    {
      ...raisedRateLimits,
      RATE_LIMIT_AI_JOBS: "100000/60",
      AI_IMAGE_API_URL: sim.url,
      AI_IMAGE_API_KEY: apiKey,
      AI_IMAGE_MODEL: "seedream-4-0-250828",
    },
    dataDir,
  );
}, 120_000);
afterAll(async () => {
  await shop?.remove();
  await sim?.close();
});

const photo = async (name: string, hue: number) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 180, g: hue, b: 90 } } })
    .jpeg()
    .toBuffer(),
});

async function productForm(page: Page, who: Credentials, productId = 1) {
  await signIn(page, baseURL(), who, `/admin/products/${productId}`);
  await hydrated(page);
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

describe("the AI studio photos panel", () => {
  it("in Russian: refuses to start without a photo, runs a job on two photos with its progress, adds a studio photo that the storefront then shows", async () => {
    const page = await open(`${baseURL()}/admin/login`, { width: 1280 });
    await productForm(page, russian);
    const panel = page.getByRole("region", { name: "Студийные фото (ИИ)" });
    await panel.waitFor();
    await expect(panel.getByLabel("Подсказка по стилю").inputValue()).resolves.toBe(
      "clean studio lighting, gentle shadows, premium fashion catalog look",
    );

    // SPEC 5: at least one reference photo, asked for in Russian.
    await panel.getByRole("button", { name: "Начать" }).click();
    await panel.getByRole("alert").filter({ hasText: "Добавьте хотя бы одно фото-образец." }).waitFor();

    await panel.getByLabel("Взять фото 1 как образец").check();
    await panel.getByLabel("Взять фото 2 как образец").check();
    await panel.getByText("Выбрано: 2").waitFor();
    await panel.getByLabel("Светло-серый").check();
    await panel.getByLabel("Длинная сторона, px").fill("1080");
    // Slow enough that a 3-second poll sees the job at work.
    sim.behave({ kind: "slow", ms: 7000 });
    await panel.getByRole("button", { name: "Начать" }).click();
    await panel.getByText("В очереди").waitFor();
    await panel.getByText("Фото 1 из 5").waitFor({ timeout: 20_000 });
    await panel.getByText("Готово").waitFor({ timeout: 60_000 });
    await panel.getByText("Обработка: внешняя модель изображений — сделано ракурсов: 5 из 5").waitFor();
    const results = panel.getByRole("figure");
    await expect.poll(() => results.count()).toBe(5);
    expect(sim.requests.at(-1)).toMatchObject({ images: 2, sequential: true, maxImages: 5, size: "1080x1080" });
    expect(sim.requests.at(-1)!.prompt).toMatch(/light grey backdrop/);

    // Compared with its source side by side, discarded, and one added to the product's photos.
    await panel.getByRole("button", { name: "Сравнить: Сверху" }).click();
    await panel.getByRole("img", { name: "Исходное" }).waitFor();
    await panel.getByRole("button", { name: "Отклонить: Детали" }).click();
    await panel.getByText("Отклонено").waitFor();
    const photosBefore = await page.locator('input[name="imageKey"]').count();
    await panel.getByRole("button", { name: "Добавить в фото: Сбоку" }).click();
    await expect.poll(() => page.locator('input[name="imageKey"]').count()).toBe(photosBefore + 1);
    const added = await page.locator('input[name="imageKey"]').last().inputValue();
    expect(added).toMatch(/^\d+-studio-side\.jpg$/);
    // Reordered like any photo: it becomes the card photo.
    for (let n = photosBefore + 1; n > 1; n--) await page.getByRole("button", { name: `Выше: фото ${n}` }).click();
    await expect(page.locator('input[name="imageKey"]').first().inputValue()).resolves.toBe(added);

    await expectAccessible(page);
    await screenshot(page, "ai-studio-ru-1280");

    await page.getByRole("button", { name: "Сохранить" }).click();
    await page.waitForURL("**/admin/products?done=updated**");

    // The storefront's product page shows the studio photo first.
    const stem = added.replace(/\.jpg$/, "");
    const product = await (await fetch(`${baseURL()}/api/products/1`)).json();
    expect(product.images[0]).toContain(stem);
    const storefront = await open(`${baseURL()}/products/1`);
    await expect.poll(() => storefront.locator(`img[src*="${stem}"], source[srcset*="${stem}"]`).count()).toBeGreaterThan(0);

    // Leaving the page loses nothing: the job and its results' states are listed on the product.
    await page.goto(`${baseURL()}/admin/products/1`);
    await hydrated(page);
    await panel.getByText("Задания для этого товара").waitFor();
    await panel.getByText("Отклонено").waitFor();
    await panel.getByText("Добавлено к фото: сохраните товар, чтобы оно осталось.").waitFor();
  }, 180_000);

  it("cuts an 11th photo off with its notice, and shows a failed job's error", async () => {
    const page = await open(`${baseURL()}/admin/login`, { width: 1280 });
    await productForm(page, russian, 2);
    const panel = page.getByRole("region", { name: "Студийные фото (ИИ)" });
    // Three photos of the product and eight uploaded in the panel.
    const files = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => photo(`reference-${n}.jpg`, n * 20)));
    await panel.getByLabel("Загрузить фото-образцы").setInputFiles(files);
    await panel.getByText("Выбрано: 8").waitFor({ timeout: 30_000 });
    for (const n of [1, 2, 3]) await panel.getByLabel(`Взять фото ${n} как образец`).check();
    await panel.getByText("Выбрано: 11").waitFor();
    sim.behave({
      kind: "error",
      status: 400,
      code: "InputImageSensitiveContentDetected",
      message: "The request failed because the input image may contain sensitive information.",
    });
    await panel.getByRole("button", { name: "Начать" }).click();
    await panel.getByRole("status").filter({ hasText: "Используются только первые 10 фото: лишних — 1." }).waitFor();
    await panel.getByText("Ошибка").waitFor({ timeout: 30_000 });
    await panel
      .getByRole("alert")
      .filter({
        hasText: /The image service refused the request: The request failed because the input image may contain sensitive information/,
      })
      .waitFor();
    expect(sim.requests.at(-1)!.images).toBe(10);
    sim.behave({ kind: "ok" });
  }, 120_000);

  it("refuses a foreign photo address through the API with its message", async () => {
    const cookie = await staffCookie(baseURL(), english);
    const token = await formToken(baseURL(), cookie);
    const post = (imageUrls: string[]) =>
      fetch(`${baseURL()}/api/ai/enhance-product-images`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: baseURL(), "Content-Type": "application/json", "X-CSRF-Token": token },
        body: JSON.stringify({
          imageUrls,
          productName: "x",
          productDescription: "",
          styleHint: "",
          background: "white",
          size: "square",
          sequentialMode: true,
          watermark: false,
        }),
      });
    for (const url of [
      "https://evil.example/hat.jpg",
      "http://169.254.169.254/latest/meta-data/",
      "file:///etc/passwd",
      "/media/1280/private/custom-orders/x.jpg",
    ]) {
      const response = await post([url]);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(/^Reference photos must be photos stored by this shop/);
    }
    // From another site, with the staff's cookie: refused before anything else.
    const crossSite = await fetch(`${baseURL()}/api/ai/enhance-product-images`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://evil.example", "Content-Type": "application/json", "X-CSRF-Token": token },
      body: JSON.stringify({ imageUrls: ["/media/1280/x.jpg"] }),
    });
    expect(crossSite.status).toBe(403);
  });

  it("reads well at 390 and 1280 px, in Russian and English (axe: no serious problem)", async () => {
    for (const [who, lang] of [
      [russian, "ru"],
      [english, "en"],
    ] as const) {
      for (const width of [390, 1280]) {
        const page = await open(`${baseURL()}/admin/login`, { width });
        await productForm(page, who);
        const panel = page.getByRole("region", { name: lang === "ru" ? "Студийные фото (ИИ)" : "AI studio photos" });
        await panel
          .getByText(lang === "ru" ? "Готово" : "Completed")
          .first()
          .waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${lang} ${width}`).toBeLessThanOrEqual(0);
        await expectAccessible(page);
        await panel.scrollIntoViewIfNeeded();
        await screenshot(page, `ai-studio-${lang}-${width}`);
      }
    }
  }, 120_000);
});
