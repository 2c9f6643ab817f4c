import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeScene } from "@workshop/api/bench/ai-scenes.ts";
import { openDatabase } from "@workshop/api/db/client.ts";
import { hashPassword } from "@workshop/api/staff/passwords.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, signIn } from "#e2e/support/admin.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { expectAccessible, hydrated, useBrowser } from "./fixtures.ts";
import { raisedRateLimits } from "./global-setup.ts";

const { open } = useBrowser();

/**
 * The panel on a shop with no image model configured: the default local engine (the real
 * background-removal model in its own process) turns two workshop snapshots into studio photos.
 * The model on a busy 2-core machine takes from seconds to a minute a photo: the waits are long.
 */
const MODEL_WAIT = 480_000;
const owner: Credentials = { email: "studio-local@workshop.test", password: "Ubud-local-studio-2026" };
let shop: RunningShop;
const baseURL = () => shop.baseURL;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-studio-local-"));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  await database.db
    .insertInto("staffAccounts")
    .values({
      email: owner.email,
      name: "Мастерская",
      role: "owner",
      locale: "ru",
      passwordHash: await hashPassword(owner.password),
    })
    .execute();
  await database.close();
  shop = await startShop({ ...raisedRateLimits, RATE_LIMIT_AI_JOBS: "100000/60" }, dataDir);
}, 120_000);
afterAll(async () => {
  await shop?.remove();
});

describe("the AI studio photos panel with the local engine", () => {
  it(
    "in Russian: two workshop snapshots become two studio photos and a close-up; one is added to the product and shown on the storefront",
    async () => {
      const page = await open(`${baseURL()}/admin/login`, { width: 390 });
      await signIn(page, baseURL(), owner, "/admin/products/3");
      await hydrated(page);
      const panel = page.getByRole("region", { name: "Студийные фото (ИИ)" });
      await panel.waitFor();

      const scenes = [await makeScene(2, 1, "wood", 1200, 900, 5), await makeScene(7, 2, "leaves", 1200, 900, 6)];
      await panel
        .getByLabel("Загрузить фото-образцы")
        .setInputFiles(scenes.map((scene, i) => ({ name: `workshop-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: scene.photo })));
      await panel.getByText("Выбрано: 2").waitFor({ timeout: 60_000 });
      await panel.getByLabel("Длинная сторона, px").fill("1080");
      // Every answer of the panel's 3-second poll, to check the progress it was shown.
      const polled: { status: string; progress: { done: number; total: number }; error: string | null }[] = [];
      page.on("response", async (response) => {
        if (response.url().includes("/api/ai/enhance-product-images?jobId=")) polled.push(await response.json().catch(() => null));
      });
      await panel.getByRole("button", { name: "Начать" }).click();

      // Progress, then the results: a studio photo per snapshot and a close-up, and what the engine could not do.
      await panel
        .getByText(/^Фото [1-3] из 3$/)
        .or(panel.getByText(/^(Готово|Ошибка)$/))
        .first()
        .waitFor({ timeout: MODEL_WAIT });
      await panel.getByText(/^(Готово|Ошибка)$/).waitFor({ timeout: MODEL_WAIT });
      expect(polled.at(-1), shop.log).toMatchObject({ status: "COMPLETED", error: null });
      expect(polled.some((p) => p?.status === "PROCESSING" && p.progress.total === 3)).toBe(true);
      await panel
        .getByText(
          /Обработка: локальная — студийных фото: 2; крупный план с фото [12], самого резкого; другие ракурсы рисует только внешняя модель/,
        )
        .waitFor();
      const figures = panel.getByRole("figure");
      await expect.poll(() => figures.count()).toBe(3);
      await expectAccessible(page);
      const dir = process.env.SCREENSHOT_DIR;
      if (dir) await page.screenshot({ path: path.join(dir, "ai-studio-local-ru-390.png"), fullPage: true });

      const photosBefore = await page.locator('input[name="imageKey"]').count();
      await panel.getByRole("button", { name: "Добавить в фото: Студия" }).first().click();
      await expect.poll(() => page.locator('input[name="imageKey"]').count()).toBe(photosBefore + 1);
      const added = await page.locator('input[name="imageKey"]').last().inputValue();
      expect(added).toMatch(/^\d+-studio-studio\.jpg$/);
      await page.getByRole("button", { name: "Сохранить" }).click();
      await page.waitForURL("**/admin/products?done=updated**");

      const stem = added.replace(/\.jpg$/, "");
      const product = await (await fetch(`${baseURL()}/api/products/3`)).json();
      expect(product.images.some((url: string) => url.includes(stem))).toBe(true);
      const storefront = await open(`${baseURL()}/ru/products/3`, { width: 390 });
      await expect.poll(() => storefront.locator(`img[src*="${stem}"], source[srcset*="${stem}"]`).count()).toBeGreaterThan(0);
    },
    2 * MODEL_WAIT,
  );
});
