import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { apiURL, baseURL, useBrowser } from "./fixtures.ts";
import { placedOrder } from "./samples.ts";

/**
 * Pages as a phone shows them with JavaScript off (or before it loads): nothing wider than the
 * screen, and a pending QR payment that refreshes itself and says so truly.
 */
const browser = useBrowser();

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

// One page at a time, beside the QR payments below (they mostly wait).
describe("the product list fits the screen", { concurrent: true }, () => {
  for (const path of ["/products", "/ru/products"]) {
    for (const javaScript of [false, true]) {
      for (const width of [390, 1280]) {
        it(`${path} at ${width} px, JavaScript ${javaScript ? "on" : "off"}`, { concurrent: false }, async ({ expect }) => {
          const page = await browser.open(path, { javaScript, width });
          await page.locator("form[method='get'] select[name='sort']").waitFor();
          if (!javaScript) {
            const apply = page.getByRole("button", { name: path.startsWith("/ru") ? "Применить" : "Apply" });
            const box = (await apply.boundingBox())!;
            expect(box.x + box.width).toBeLessThanOrEqual(width);
          }
          expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
        });
      }
    }
  }
});

const texts = {
  en: { start: "/test-checkout", place: "Place Order", check: "Check Payment Status", locale: "en-US" },
  ru: { start: "/ru/test-checkout", place: "Оформить заказ", check: "Проверить статус оплаты", locale: "ru-RU" },
};

// The page's own refresh must bring it on, in real time: the two languages wait for it side by
// side, and beside the product list's checks above.
describe("a pending QR payment without JavaScript", { concurrent: true }, () => {
  for (const lang of ["en", "ru"] as const) {
    it(`refreshes itself and shows no countdown that cannot move (${lang})`, async ({ expect }) => {
      const t = texts[lang];
      const page = await browser.open(t.start, { javaScript: false, width: 390, locale: t.locale });
      await page.waitForURL(/\/checkout\/payment$/);
      await page.getByRole("radio", { name: "QRIS", exact: true }).check();
      await page.getByRole("button", { name: t.place }).click();
      await page.waitForURL(/\/checkout\/qr\?order_id=.+&payment_id=pr-/);
      await page.locator("[role=status][data-state=pending]").waitFor();

      // A refresh every few seconds while pending, so the page does find the payment by itself.
      const refresh = await page.evaluate(() =>
        [...document.querySelectorAll("meta")].filter((m) => m.httpEquiv.toLowerCase() === "refresh").map((m) => m.content),
      );
      expect(refresh).toHaveLength(1);
      expect(Number.parseInt(refresh[0]!, 10)).toBeGreaterThan(0);
      expect(Number.parseInt(refresh[0]!, 10)).toBeLessThanOrEqual(30);
      expect(await page.getByText(lang === "ru" ? "Страница обновится сама" : "This page updates by itself").count()).toBe(1);
      // No frozen 10:00: the time the code is valid until instead.
      expect(await page.getByRole("timer").isVisible()).toBe(false);
      // Text locators skip <noscript>, whose content is parsed and shown here: read the DOM text.
      expect(await page.evaluate(() => document.body.textContent)).toContain(lang === "ru" ? "Действует до" : "Valid until");
      await page.getByRole("button", { name: t.check }).waitFor();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `/tmp/no-script-qr-${lang}.png`, fullPage: true });

      // The bank reports the payment: the next refresh takes the page on to the success page.
      const paymentId = new URL(page.url()).searchParams.get("payment_id");
      const paid = await fetch(`${baseURL()}/_sandbox/xendit/_control/payment_requests/${paymentId}/pay`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${inject("staffToken")}` },
        body: "{}",
      });
      expect(paid.ok).toBe(true);
      await page.waitForURL(/\/checkout\/success\?order_id=/, { timeout: 25_000 });
    });
  }

  it("the list's screenshot in Russian at 390 px", { concurrent: false }, async () => {
    const page = await browser.open("/ru/products", { javaScript: false, width: 390, locale: "ru-RU" });
    await page.screenshot({ path: "/tmp/no-script-products-ru.png", fullPage: true });
  });
});

describe("an order's private page without JavaScript", () => {
  it("takes Pay Now to the payment step (its form post says the shop's origin, not null), sending no referrer elsewhere", async () => {
    const { token } = await placedOrder(apiURL());
    const page = await browser.open(`/orders/${token}`, { javaScript: false, width: 390 });
    const answer = await page.context().request.get(`/orders/${token}`);
    expect(answer.headers()["referrer-policy"]).toBe("same-origin");
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await page.getByRole("button", { name: "Pay Now" }).click();
    expect((await posted).headers().origin).toBe(baseURL());
    await page.waitForURL(/\/checkout\/payment$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
  });
});
