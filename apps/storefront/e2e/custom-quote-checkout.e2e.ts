import { mkdir } from "node:fs/promises";
import path from "node:path";
import { productionDays } from "@workshop/domain/custom-quote.ts";
import { type DeliveryOptionId, deliveryDays, deliveryWindow } from "@workshop/domain/delivery.ts";
import { customQuotesAnswer } from "@workshop/domain/staff-api/custom-orders.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { staffSession, staffWrite } from "#e2e/support/admin.ts";
import { apiURL, baseURL, expectAccessible, hydrated, useBrowser } from "./fixtures.ts";
import { baliAddress, newYorkAddress, sendCustomRequest } from "./samples.ts";

/**
 * A custom hat's deposit checkout tells the truth (decision 049): from the quote's link to the
 * thank-you page, in English and Russian, on a phone and a desktop, the delivery step's making time
 * and arrival days come from the quote's production time (4–6 weeks here, not a catalogue hat's
 * 5–10 business days), the summaries show the request's size as sent (not 'One size') and a real
 * picture (the customer's reference photo, or a catalogue hat of the kind asked for; never 'No
 * Image'). SCREENSHOT_DIR=… keeps pictures of each step.
 */
const { open } = useBrowser();

const texts = {
  en: {
    accept: "Accept and pay the deposit",
    making: "Made in 4–6 weeks after the deposit",
    arrives: (days: { from: string; to: string }) => `Arrives between ${days.from} and ${days.to}`,
    size: "Size: 58 cm",
    summary: "Order Summary",
    place: "Place Order",
    cashIntro: "pay the deposit in cash",
    cashCraft: "Once you have paid the deposit, we make your hat in 4–6 weeks.",
  },
  ru: {
    accept: "Принять и внести предоплату",
    making: "Изготовление: 4–6 недель после предоплаты",
    arrives: (days: { from: string; to: string }) => `Прибудет между ${days.from} и ${days.to}`,
    size: "Размер: 58 cm",
    summary: "Состав заказа",
    place: "Оформить заказ",
    cashIntro: "внесите предоплату наличными",
    cashCraft: "После предоплаты мы изготовим шляпу за 4–6 недель.",
  },
} as const;

/** A reference photo uploaded as the /custom page's script does: its id. */
async function uploadedPhoto(): Promise<string> {
  const form = new FormData();
  form.append("files", new File([new Uint8Array(await sampleJpeg(480, 360))], "my-hat.jpg", { type: "image/jpeg" }));
  const upload = await fetch(`${baseURL()}/api/custom-orders/uploads`, { method: "POST", body: form });
  expect(upload.status).toBe(201);
  return ((await upload.json()) as { id: string }[])[0]!.id;
}

/** A request for a 58 cm hat that staff quote at 4–6 weeks, as the console does: the quote's path on the shop. */
async function quotedRequest(lang: "en" | "ru", withPhoto: boolean): Promise<string> {
  const requestId = await sendCustomRequest(baseURL(), {
    name: `Quote ${lang}`,
    hatType: "Panama Hat",
    size: "58 cm",
    timeline: "1-2 months",
    referenceImages: withPhoto ? [await uploadedPhoto()] : [],
  });
  const staff = await staffSession(apiURL());
  const sent = await staffWrite(apiURL(), staff, `/api/admin/custom-orders/${requestId}/quotes`, "POST", {
    price: "240",
    description: "A fine straw Panama with a black band",
    productionTime: "4-6 weeks",
    validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const answer = await fetch(`${apiURL()}/api/admin/custom-orders/${requestId}/quotes`, { headers: { Cookie: staff.cookie } });
  const token = new URL(customQuotesAnswer.parse(await answer.json()).quotes[0]!.link).pathname.split("/").at(-1)!;
  return `${lang === "ru" ? "/ru" : ""}/quotes/${token}`;
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** The picture of a summary has loaded a real image (not a placeholder box) and says what it shows. */
async function expectPicture(summary: Locator) {
  const picture = summary.locator("img").first();
  // Hydration may replace the server's <img> while it is being scrolled to: find it again until it has loaded.
  await vi.waitFor(
    async () => {
      await picture.scrollIntoViewIfNeeded({ timeout: 2_000 });
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 100 },
  );
  expect(await picture.getAttribute("alt")).toMatch(/\S{3,}/);
  expect(await summary.getByRole("img").count()).toBe(1);
  expect(await summary.textContent()).not.toMatch(/No Image|Нет фото|One size|Один размер/);
}

/** The days the hat arrives by `option` if paid now: the quote's 4–6 weeks of making, then the carrier. */
const arrival = (option: DeliveryOptionId, lang: "en" | "ru") =>
  deliveryDays(deliveryWindow(option, new Date(), productionDays("4-6 weeks")), lang);

const walks = [
  { lang: "en", width: 390, withPhoto: true, address: newYorkAddress, option: "DHL", method: "TEST_CARD" },
  { lang: "en", width: 1280, withPhoto: false, address: baliAddress, option: "LION_PARCEL", method: "CASH_IN_STORE" },
  { lang: "ru", width: 390, withPhoto: true, address: baliAddress, option: "LION_PARCEL", method: "CASH_IN_STORE" },
  { lang: "ru", width: 1280, withPhoto: true, address: newYorkAddress, option: "DHL", method: "TEST_CARD" },
] as const;

describe("a custom hat's deposit checkout", () => {
  for (const { lang, width, withPhoto, address, option, method } of walks) {
    it(`${lang} at ${width} px (${withPhoto ? "a reference photo" : "no photo"}, ${option}, ${method}): the quote's dates, the request's size, a real picture`, async () => {
      const t = texts[lang];
      const name = `quote-checkout-${lang}-${width}`;
      const page = await open(await quotedRequest(lang, withPhoto), { width, locale: lang === "ru" ? "ru-RU" : "en-US" });
      await hydrated(page);
      await page.getByRole("button", { name: t.accept }).click();

      await page.waitForURL(/\/checkout\/shipping$/);
      const summary = page.locator("aside[aria-labelledby=summary-title]");
      await summary.getByText(t.size, { exact: true }).waitFor();
      await expectPicture(summary);
      for (const [field, value] of Object.entries(address)) if (field !== "country") await page.locator(`#field-${field}`).fill(value);
      await page.locator("select[name=country]").selectOption(address.country);
      await page.locator("main form button[type=submit]").click();

      // The delivery step: the quote's production time and the days it gives, never the catalogue's.
      await page.waitForURL(/\/checkout\/shipping-options$/);
      const choice = page.locator("label", { has: page.locator(`input[value=${option}]`) });
      await expect.poll(() => choice.textContent()).toContain(t.making);
      expect(await choice.textContent()).toContain(t.arrives(arrival(option, lang)));
      expect(await page.locator("main").textContent()).not.toMatch(/5–10/);
      expect(await summary.textContent()).toContain(t.making);
      await expectPicture(summary);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
      await expectAccessible(page);
      await screenshot(page, `${name}-delivery`);
      await page.locator(`input[value=${option}]`).check();
      await page.locator("main form button[type=submit]").click();

      await page.waitForURL(/\/checkout\/payment$/);
      await summary.getByText(t.size, { exact: true }).waitFor();
      await expectPicture(summary);
      await hydrated(page);
      await page.locator(`input[name=paymentMethod][value=${method}]`).check();
      await page.getByRole("button", { name: t.place }).click();

      // The thank-you page's summary: the same hat, size and picture; for cash, the deposit and its making time.
      await page.waitForURL(/\/checkout\/success\?order_id=/);
      const order = page.locator("section", { has: page.getByRole("heading", { name: t.summary, exact: true }) });
      await order.getByText(t.size, { exact: true }).waitFor();
      await expectPicture(order);
      if (method === "CASH_IN_STORE") {
        const main = (await page.locator("main").textContent()) ?? "";
        expect(main).toContain(t.cashIntro);
        expect(main).toContain(t.cashCraft);
        expect(main).not.toMatch(/100%|5–10/);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
      await expectAccessible(page);
      await screenshot(page, `${name}-thanks`);

      // The order's own page says the same, with the making time of the quote.
      await page.locator("main a[href*='/orders/']").first().click();
      await page.waitForURL(/\/orders\/[\w-]{32}$/);
      // The order's page drawn, not the thank-you page's summary still on screen while it comes.
      await page.getByRole("heading", { level: 1, name: lang === "ru" ? /^Заказ RT-/ : /^Order RT-/ }).waitFor();
      const detailed = page.locator("section", { has: page.getByRole("heading", { name: t.summary, exact: true }) });
      await detailed.getByText(t.size, { exact: true }).waitFor();
      expect(await detailed.textContent()).toContain(t.making);
      await expectPicture(detailed);
      await screenshot(page, `${name}-order`);
    }, 90_000);
  }
});
