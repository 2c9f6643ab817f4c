import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, scrollsSideways, useBrowser } from "./browser.ts";
import { openSignedIn } from "./support/staff.ts";
import { nextPoll, photoRows, productPhotos, saveButton, startJob, studioPanel } from "./support/studio.ts";
import { type Person, type StudioShop, startStudioShop } from "./support/studio-shop.ts";

const browser = useBrowser();

/** The first photo of a product, as JPEG bytes, from the API's public product endpoint. */
async function shopPhoto(apiURL: string, id: number): Promise<Buffer> {
  const product = (await (await fetch(`${apiURL}/api/products/${id}`)).json()) as { images: string[] };
  return Buffer.from(await (await fetch(product.images[0]!)).arrayBuffer());
}

/**
 * The panel on an API with no image model configured: the default local engine (the real
 * background-removal model in its own process) turns two workshop snapshots into studio photos.
 * The model on a busy 2-core machine takes from seconds to a minute a photo: the waits are long.
 */
const MODEL_WAIT = 480_000;
const owner: Person = {
  email: "studio-local@workshop.test",
  password: "Ubud-local-studio-2026",
  name: "Мастерская",
  role: "owner",
  locale: "ru",
};
let shop: StudioShop;

beforeAll(async () => {
  shop = await startStudioShop([owner]);
}, 120_000);
afterAll(async () => {
  await shop?.stop();
});

describe("the AI studio photos panel with the local engine", () => {
  it("offers only what the local engine makes: no series (unticked, with why), no style hint; at 390 and 1280 px, in Russian and English", async () => {
    const texts = {
      ru: {
        offers: /^Студийные фото делаются на машине магазина: студийное фото из каждого фото-образца .* крупный план плетения или ленты/,
        sequential: /^Серийный режим/,
        sequentialWhy: "Серию ракурсов рисует только внешняя модель изображений.",
        style: "Подсказка по стилю",
        styleWhy: "Локальная обработка ничего не рисует, поэтому подсказку по стилю не использует.",
      },
      en: {
        offers:
          /^This shop makes studio photos on its own machine: a studio photo of each reference photo .* a close-up of the weave or band/,
        sequential: /^Sequential mode/,
        sequentialWhy: "Only a remote image model draws a series of views.",
        style: "Style hint",
        styleWhy: "The local engine draws nothing, so it does not use a style hint.",
      },
    };
    for (const lang of ["ru", "en"] as const) {
      for (const width of [390, 1280]) {
        const page = await browser.open({ width });
        await openSignedIn(page, shop, owner, "/admin/products/4");
        const panel = studioPanel(page);
        await panel.waitFor();
        if (lang === "en") await panel.getByRole("button", { name: "English" }).click();
        const t = texts[lang];
        await panel.getByText(t.offers).waitFor();
        const sequential = panel.getByRole("checkbox", { name: t.sequential });
        expect([await sequential.isChecked(), await sequential.isDisabled()]).toEqual([false, true]);
        expect(await sequential.getAttribute("aria-describedby").then((id) => page.locator(`#${id}`).textContent())).toBe(t.sequentialWhy);
        const style = panel.getByLabel(t.style);
        expect(await style.isDisabled()).toBe(true);
        await panel.getByText(t.styleWhy).waitFor();
        expect(await scrollsSideways(page), `${lang} ${width}`).toBe(false);
        await expectAccessible(page);
        const dir = process.env.SCREENSHOT_DIR;
        if (dir) await panel.screenshot({ path: path.join(dir, `ai-studio-local-form-${lang}-${width}.png`) });
        await page.context().close();
      }
    }
  }, 120_000);

  it(
    "in Russian: two workshop snapshots become two studio photos and a close-up; one is added to the product and shown on the shop",
    async () => {
      const page = await browser.open({ width: 390 });
      // On a clock the test can move (nextPoll); time still flows.
      await page.clock.install();
      await openSignedIn(page, shop, owner, "/admin/products/3");
      const panel = studioPanel(page);
      await panel.waitFor();

      // Two of the shop's own photos, as the API serves them (the engine's quality on busy scenes is the bench's).
      const scenes = await Promise.all([2, 7].map((id) => shopPhoto(shop.apiURL, id)));
      await panel
        .getByLabel("Загрузить фото-образцы")
        .setInputFiles(scenes.map((photo, i) => ({ name: `workshop-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: photo })));
      await panel.getByText("Выбрано: 2").waitFor({ timeout: 60_000 });
      await panel.getByLabel("Длинная сторона, px").fill("1080");
      // Every answer of the panel's 3-second poll, to check the progress it was shown.
      const polled: ({ status: string; progress: { done: number; total: number }; error: string | null } | null)[] = [];
      page.on("response", async (response) => {
        if (response.url().includes("/api/ai/enhance-product-images?jobId=")) polled.push(await response.json().catch(() => null));
      });
      const jobId = await startJob(page, "Начать");

      // Progress, then the results: a studio photo per snapshot and a close-up, and what the engine could not do.
      await panel
        .getByText(/^Фото [1-3] из 3$/)
        .or(panel.getByText(/^(Готово|Ошибка)$/))
        .first()
        .waitFor({ timeout: MODEL_WAIT });
      await nextPoll(page, shop.apiURL, jobId, (job) => job.status === "COMPLETED" || job.status === "FAILED", MODEL_WAIT);
      await panel.getByText(/^(Готово|Ошибка)$/).waitFor();
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

      const first = await panel.getByRole("img", { name: "Студийное фото: Студия" }).first().getAttribute("src");
      const stem = /\/media\/\d+\/([^/]+)\.jpg$/.exec(first ?? "")?.[1] ?? "";
      expect(stem).toMatch(/^\d+-studio-studio$/);
      const photosBefore = await photoRows(page).count();
      await panel.getByRole("button", { name: "Добавить в фото: Студия" }).first().click();
      await expect.poll(() => photoRows(page).count()).toBe(photosBefore + 1);
      expect(await productPhotos(page, stem).count()).toBe(1);
      await saveButton(page).click();

      await expect
        .poll(
          async () =>
            ((await (await fetch(`${shop.apiURL}/api/products/3`)).json()) as { images: string[] }).images.some((u) => u.includes(stem)),
          { timeout: 15_000 },
        )
        .toBe(true);
      const storefront = await browser.open({ width: 390 });
      await storefront.goto(`${shop.shopURL}/ru/products/3`);
      await expect.poll(() => storefront.locator(`img[src*="${stem}"], source[srcset*="${stem}"]`).count()).toBeGreaterThan(0);
    },
    2 * MODEL_WAIT,
  );
});
