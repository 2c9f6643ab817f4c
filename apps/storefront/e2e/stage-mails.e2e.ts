import { mkdir } from "node:fs/promises";
import path from "node:path";
import { deliveryDays } from "@workshop/domain/delivery.ts";
import { defaultMakingStages, madeToOrderWindow } from "@workshop/domain/making-stages.ts";
import { stageMailsAnswer } from "@workshop/domain/shop-api/stage-mails.ts";
import { makingStagesAnswer } from "@workshop/domain/staff-api/making.ts";
import { decodedMail, keptMail } from "@workshop/testing/kept-mail.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffSession, staffSession, staffWrite, testOwner } from "#e2e/support/admin.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { expectAccessible, hydrated, useBrowser } from "./fixtures.ts";
import { raisedRateLimits } from "./global-setup.ts";
import { newYorkAddress, orderPayload } from "./samples.ts";

/**
 * The e-mails about the making of a hat and their stop link (decision 055), on a shop of its own
 * (so the test reads the mail it keeps in DATA_DIR/mail): the making's start is mailed in the
 * order's language with the link; the link's page asks first (a GET stops nothing), stops on its
 * button without JavaScript, in English and Russian, on a phone and a desktop; after a stop the
 * order's own e-mails still come. And the dates that include the making: the product page and the
 * delivery step count a made-to-order hat's stages. SCREENSHOT_DIR=… keeps pictures of the pages.
 */
let shop: RunningShop;
let staff: StaffSession;
let stageIds: number[];
const env = {
  ...raisedRateLimits,
  ADMIN_API_TOKEN: `e2e-stage-mails-${Date.now()}-token`,
  ADMIN_EMAIL: testOwner.email,
  ADMIN_PASSWORD: testOwner.password,
};

beforeAll(async () => {
  shop = await startShop(env);
  staff = await staffSession(shop.apiURL);
  const stages = await fetch(`${shop.apiURL}/api/admin/making/stages`, { headers: { Cookie: staff.cookie } });
  stageIds = makingStagesAnswer.parse(await stages.json()).stages.map((stage) => stage.id);
});
afterAll(async () => {
  await shop?.remove();
});

const { open } = useBrowser(() => shop.baseURL);

type Lang = "en" | "ru";

/** The kept mails of a template that mention `text`, decoded, their folded header lines unfolded. */
const keptMails = async (template: string, text: string) =>
  (await keptMail(shop.dataDir, template)).map((eml) => decodedMail(eml).replace(/\r?\n[ \t]+/g, " ")).filter((m) => m.includes(text));

/** The newest kept mail of a template that mentions `text`, once the outbox delivered it. */
async function mailWith(template: string, text: string): Promise<string> {
  await expect.poll(async () => (await keptMails(template, text)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  return (await keptMails(template, text)).at(-1)!;
}

/** An order placed in `lang` and paid at once with the sandbox's test card: its making starts. */
async function paidOrder(lang: Lang): Promise<{ id: string; number: string }> {
  const placed = await fetch(`${shop.apiURL}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": lang },
    body: JSON.stringify({ ...(await orderPayload(shop.apiURL)), paymentMethod: "TEST_CARD" }),
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const { id, orderNumber } = (await placed.json()) as { id: string; orderNumber: string };
  return { id, number: orderNumber };
}

/** The stop link the making's first e-mail carries: the path of the shop's page, and the order's token. */
async function stopLinkOf(number: string): Promise<{ path: string; token: string }> {
  const mail = await mailWith("making-started", number);
  const url = new RegExp(`${shop.baseURL}((?:/ru)?/orders/([\\w-]{32})/stage-mails)`).exec(mail);
  expect(url, mail).not.toBeNull();
  return { path: url![1]!, token: url![2]! };
}

const stopped = async (token: string) =>
  stageMailsAnswer.parse(await (await fetch(`${shop.apiURL}/api/shop/orders/${token}/stage-mails`)).json()).stopped;

/** Staff move the order on by one stage, as the console does. */
async function moveOn(orderId: string, from: number, body: object = {}) {
  const moved = await staffWrite(shop.apiURL, staff, `/api/admin/orders/${orderId}/making/moves`, "POST", {
    expected: stageIds[from],
    to: stageIds[from + 1],
    ...body,
  });
  expect(moved.status, await moved.clone().text()).toBe(200);
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Axe runs as a script in the page: it checks `path` as a browser with JavaScript shows it, once `heading` is there. */
async function expectAccessibleAt(path: string, width: number, locale: string, heading: string) {
  const page = await open(path, { width, locale });
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  await expectAccessible(page);
  await page.context().close();
}

async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
}

const texts = {
  en: {
    title: (number: string) => `<title>Your hat for order ${number} is being made</title>`,
    started: "It is now in its first stage: Weaving.",
    ask: (number: string) => `Stop e-mails about the making of order ${number}?`,
    stop: "Stop these e-mails",
    done: (number: string) => `E-mails about the making of order ${number} are stopped`,
    back: "Back to your order",
    undo: "Send them again",
    resumed: (number: string) => `E-mails about the making of order ${number} come again`,
    makingDays: "Made in 10 working days after payment",
    resume: "E-mail me again",
  },
  ru: {
    title: (number: string) => `<title>Ваша шляпа по заказу ${number} в работе</title>`,
    started: "Сейчас шляпа на первом этапе: Плетение.",
    ask: (number: string) => `Отключить письма об изготовлении заказа ${number}?`,
    stop: "Отключить эти письма",
    done: (number: string) => `Письма об изготовлении заказа ${number} отключены`,
    back: "Вернуться к заказу",
    undo: "Снова присылать",
    resumed: (number: string) => `Письма об изготовлении заказа ${number} снова включены`,
    makingDays: "Изготовление: 10 рабочих дней после оплаты",
    resume: "Снова присылать письма",
  },
} as const;

describe("the e-mails about the making, and their stop link", () => {
  for (const [lang, width] of [
    ["en", 390],
    ["en", 1280],
    ["ru", 390],
    ["ru", 1280],
  ] as const) {
    it(`${lang} at ${width} px, without JavaScript: the mail's link asks first, then stops them on its button`, async () => {
      const t = texts[lang];
      const locale = lang === "ru" ? "ru-RU" : "en-US";
      const order = await paidOrder(lang);
      const mail = await mailWith("making-started", order.number);
      expect(mail).toContain(t.title(order.number));
      expect(mail).toContain(t.started);
      const link = await stopLinkOf(order.number);
      expect(link.path.startsWith("/ru/")).toBe(lang === "ru");
      // RFC 8058: a mail reader's own button posts to the order's one-click address.
      expect(mail).toContain(`List-Unsubscribe: <${shop.baseURL}/api/shop/orders/${link.token}/stage-mails/one-click>`);
      expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

      const page = await open(link.path, { width, javaScript: false, locale });
      await page.getByRole("heading", { level: 1, name: t.ask(order.number) }).waitFor();
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      const response = await page.context().request.get(link.path);
      expect([response.headers()["x-robots-tag"], response.headers()["cache-control"], response.headers()["referrer-policy"]]).toEqual([
        "noindex",
        "private, no-store",
        "same-origin",
      ]);
      await expectFits(page);
      await screenshot(page, `stage-mails-${lang}-${width}-ask`);
      // The same page as a browser with JavaScript shows it, for axe (which runs as a script).
      await expectAccessibleAt(link.path, width, locale, t.ask(order.number));
      // Opening the link (three times now) stopped nothing: a mail scanner that follows it changes nothing.
      expect(await stopped(link.token)).toBe(false);

      await page.getByRole("button", { name: t.stop }).click();
      await page.getByRole("heading", { level: 1, name: t.done(order.number) }).waitFor();
      expect(await stopped(link.token)).toBe(true);
      await expectFits(page);
      await screenshot(page, `stage-mails-${lang}-${width}-done`);
      await expectAccessibleAt(link.path, width, locale, t.done(order.number));
      await page.getByRole("link", { name: t.back }).click();
      await page.waitForURL(new RegExp(`${lang === "ru" ? "/ru" : ""}/orders/${link.token}$`));
      // The order's page says how long the making takes, and leads back to the page that sends them again.
      expect(await page.locator("main").textContent()).toContain(t.makingDays);
      await page.getByRole("link", { name: t.resume }).click();
      await page.getByRole("heading", { level: 1, name: t.done(order.number) }).waitFor();
    }, 120_000);
  }

  it("after a stop, the order's own e-mails still come and the stage ones do not; sent again, the next told stage is mailed", async () => {
    const order = await paidOrder("ru");
    const link = await stopLinkOf(order.number);
    const page = await open(link.path, { javaScript: false, locale: "ru-RU" });
    await page.getByRole("button", { name: texts.ru.stop }).click();
    await page.getByRole("heading", { level: 1, name: texts.ru.done(order.number) }).waitFor();

    await moveOn(order.id, 0, { noteRu: "Поля готовы.", tellCustomer: true });
    for (const next of ["IN_PROGRESS", "SHIPPED"]) {
      const moved = await staffWrite(shop.apiURL, staff, `/api/admin/orders/${order.id}/status`, "POST", {
        next,
        carrier: "DHL",
        trackingNumber: "1234567890",
      });
      expect(moved.status, await moved.clone().text()).toBe(200);
    }
    await mailWith("order-shipped", order.number);
    expect(await keptMails("making-update", order.number)).toEqual([]);

    // Changed their mind: the stage e-mails come again, from the next stage the workshop tells of.
    const again = await paidOrder("ru");
    const againLink = await stopLinkOf(again.number);
    // With JavaScript this time: the same buttons, sent by the hydrated page.
    const stopPage = await open(againLink.path, { locale: "ru-RU", width: 390 });
    await hydrated(stopPage);
    await stopPage.getByRole("button", { name: texts.ru.stop }).click();
    await stopPage.getByRole("heading", { level: 1, name: texts.ru.done(again.number) }).waitFor();
    await stopPage.getByRole("button", { name: texts.ru.undo }).click();
    await stopPage.getByRole("heading", { level: 1, name: texts.ru.resumed(again.number) }).waitFor();
    await expectAccessible(stopPage);
    expect(await stopped(againLink.token)).toBe(false);
    await moveOn(again.id, 0, { noteRu: "Поля готовы.", tellCustomer: true });
    const update = await mailWith("making-update", again.number);
    expect(update).toContain("Несколько слов от мастерской:");
    // The text part of a Russian mail is base64: the note as its HTML quotes it.
    expect(update).toContain("Поля готовы.</blockquote>");
    expect(update).toContain(`${shop.baseURL}/ru/orders/${againLink.token}/stage-mails`);

    // A mail reader's one-click stop reaches the API through the shop's own address, as a form.
    const clicked = await fetch(`${shop.baseURL}/api/shop/orders/${againLink.token}/stage-mails/one-click`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(clicked.status, await clicked.clone().text()).toBe(200);
    expect(await stopped(againLink.token)).toBe(true);
  }, 120_000);
});

describe("the dates that include the making", () => {
  /** The days a made-to-order hat ordered now arrives by `option`: the default stages' 10 working days, then the carrier. */
  const window = (option: "DHL" | "PICKUP") => madeToOrderWindow(option, new Date(), defaultMakingStages);

  it("the product page and the delivery step count a made-to-order hat's stages, then the carrier's days", async () => {
    const { productId } = await orderPayload(shop.apiURL);
    const page = await open(`/products/${productId}`, { width: 390 });
    const making = page.getByRole("region", { name: "When it comes" });
    const dhl = deliveryDays(window("DHL"), "en");
    await making.getByText(`Arrives between ${dhl.from} and ${dhl.to}`).waitFor();
    expect(await making.textContent()).toContain("Made by hand in our workshop in 10 working days");
    // Picked up the day it is ready.
    await making.getByText(`Ready for pickup from ${deliveryDays(window("PICKUP"), "en").from}`).waitFor();
    await expectFits(page);
    await expectAccessible(page);
    await screenshot(page, "product-making-dates");

    await hydrated(page);
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.waitForURL(/\/checkout\/confirmation$/);
    await page.getByRole("link", { name: "Continue to Shipping" }).click();
    await page.waitForURL(/\/checkout\/shipping$/);
    for (const [field, value] of Object.entries(newYorkAddress)) if (field !== "country") await page.locator(`#field-${field}`).fill(value);
    await page.locator("select[name=country]").selectOption(newYorkAddress.country);
    await page.locator("main form button[type=submit]").click();
    await page.waitForURL(/\/checkout\/shipping-options$/);
    const choice = page.locator("label", { has: page.locator("input[value=DHL]") });
    await expect.poll(() => choice.textContent()).toContain("Made in 10 working days after payment");
    expect(await choice.textContent()).toContain(`Arrives between ${dhl.from} and ${dhl.to}`);
    expect(await page.locator("main").textContent()).not.toMatch(/5–10/);
    expect(await page.locator("aside[aria-labelledby=summary-title]").textContent()).toContain("Made in 10 working days after payment");
    await expectFits(page);
    await expectAccessible(page);
    await screenshot(page, "delivery-making-dates");
  }, 120_000);
});
