import { cashPaymentDeadline } from "@workshop/domain/cash-payment-deadline.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { formatOrderDate } from "@workshop/domain/order-date.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, hydrated, useBrowser } from "./fixtures.ts";

/**
 * The workshop's opening hours have one source (packages/domain/src/opening-hours.ts): every page
 * states the same ones, the SPEC's (Monday to Saturday 9 to 5, Sunday closed), and a cash order's
 * payment deadline falls within them (docs/decisions/048-deadlines-within-opening-hours.md).
 */
const browser = useBrowser();
const shots = process.env.SCREENSHOTS_DIR;

const languages = {
  en: { prefix: "", locale: "en-US", group: "Opening hours", hours: "monday - saturday 9am - 5pm sunday closed" },
  ru: { prefix: "/ru", locale: "ru-RU", group: "Часы работы", hours: "понедельник - суббота 9:00 - 17:00 воскресенье выходной" },
} as const;

/** The hours as words alone, whether written as lines ('Sunday: closed') or as a table (Sunday | Closed). */
const words = (text: string) =>
  text
    .replace(/[,:](\s)/g, "$1")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

async function hoursIn(page: Page, where: "contentinfo" | "main", lang: Locale): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what is checked
  return words(await page.getByRole(where).getByRole("group", { name: languages[lang].group }).innerText());
}

describe("the opening hours, one source for every page", () => {
  for (const lang of ["en", "ru"] as const) {
    const { prefix, locale, hours } = languages[lang];

    it(`are the same in the footer and on the contact, showroom and Shipping & Returns pages (${lang}, 390 and 1280 px)`, async () => {
      for (const width of [390, 1280]) {
        for (const path of ["/contact", "/showroom", "/shipping"]) {
          const page = await browser.open(`${prefix}${path}`, { width, locale });
          expect(await hoursIn(page, "contentinfo", lang), `${path} footer`).toBe(hours);
          expect(await hoursIn(page, "main", lang), path).toBe(hours);
          if (width === 1280) await expectAccessible(page);
          if (shots) await page.screenshot({ path: `${shots}/hours-${path.slice(1)}-${lang}-${width}.png`, fullPage: true });
          await page.context().close();
        }
      }
    });
  }

  it("are the ones the FAQ's answers about visiting and pickup state, in both languages", async () => {
    const page = await browser.open("/faq");
    const text = await page.locator("main").textContent();
    expect(text).toContain("Our showroom's opening hours: Monday - Saturday, 9am - 5pm; Sunday: closed.");
    expect(text).toContain("during its opening hours: Monday - Saturday, 9am - 5pm; Sunday: closed.");
    expect(text).not.toMatch(/10:00|4:00 pm|6:00 pm/);
    await page.goto("/ru/faq");
    const ru = await page.locator("main").textContent();
    expect(ru).toContain("Часы работы шоурума: понедельник - суббота, 9:00 - 17:00; воскресенье: выходной.");
    expect(ru).toContain("в часы её работы: понедельник - суббота, 9:00 - 17:00; воскресенье: выходной.");
  });
});

/** 'Dec 7, 2026 5:00 PM' (Bali time, as the pages write it) as a moment. */
function fromPageDate(text: string): Date {
  const m = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4}) (\d{1,2}):(\d{2}) ([AP]M)$/.exec(text);
  expect(m, text).not.toBeNull();
  const [, month, day, year, hour, minute, period] = m!;
  const hour24 = (Number(hour) % 12) + (period === "PM" ? 12 : 0);
  return new Date(`${month} ${day}, ${year} ${hour24}:${minute} GMT+0800`);
}

describe("a cash order's payment deadline", () => {
  it("falls within opening hours, 7 days or more after placing, on the thank-you page and the order page in both languages", async () => {
    const page = await browser.open("/products/1");
    await hydrated(page);
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.getByRole("link", { name: "Continue to Shipping" }).click();
    await page.getByLabel("Full name").fill("Wayan Sari");
    await page.getByLabel("E-mail").fill("wayan@example.com");
    await page.getByLabel("Phone").fill("+62 361 555 0100");
    await page.getByLabel("Address", { exact: true }).fill("Jl. Raya Ubud 10");
    await page.getByLabel("City").fill("Ubud");
    await page.getByLabel("State / Province").fill("Bali");
    await page.getByLabel("Postal code").fill("80571");
    await page.getByLabel("Country").selectOption("Indonesia");
    await page.getByRole("button", { name: "Continue to Delivery" }).click();
    await page.waitForURL(/\/checkout\/shipping-options$/);
    // Choosing pickup, the customer reads when the workshop hands hats over.
    const pickup = page.locator("label", { has: page.getByRole("radio", { name: /Pickup from Workshop/ }) });
    await expect.poll(() => pickup.textContent()).toContain("Pickup hours: Monday - Saturday, 9am - 5pm; Sunday: closed");
    await pickup.getByRole("radio").check();
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.waitForURL(/\/checkout\/payment$/);
    await page.getByRole("radio", { name: "Cash in store", exact: true }).check();
    const before = Date.now();
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/checkout\/success\?order_id=/);
    const after = Date.now();

    const visit = page.getByText(/^Visit the workshop within 7 days, by .+ \(Bali time\)\.$/);
    // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what is checked
    const shown = /by (.+) \(Bali time\)/.exec(await visit.innerText())![1]!;
    const deadline = fromPageDate(shown);
    // On the workshop's clock: Monday to Saturday, from 9 am to 5 pm.
    const bali = new Date(deadline.getTime() + 8 * 3_600_000);
    const minute = bali.getUTCHours() * 60 + bali.getUTCMinutes();
    expect(bali.getUTCDay(), shown).not.toBe(0);
    expect(minute, shown).toBeGreaterThanOrEqual(9 * 60);
    expect(minute, shown).toBeLessThanOrEqual(17 * 60);
    expect(deadline.getTime()).toBeGreaterThanOrEqual(before - 60_000 + 7 * 24 * 3_600_000);
    // The rule's own answer for the moment the order was placed (in this test's window).
    const expected = [before, after].map((at) => formatOrderDate(cashPaymentDeadline(new Date(at)), "en"));
    expect(expected).toContain(shown);
    expect(await hoursIn(page, "main", "en")).toBe(languages.en.hours);
    if (shots) await page.screenshot({ path: `${shots}/hours-cash-success-en-1280.png`, fullPage: true });

    const orderPath = await page.getByRole("link", { name: /view your order/i }).getAttribute("href");
    for (const width of [390, 1280]) {
      const ru = await browser.open(`/ru${orderPath}`, { width, locale: "ru-RU" });
      await ru.getByText(`до ${formatOrderDate(deadline, "ru")} (время на Бали)`).waitFor();
      expect(await hoursIn(ru, "main", "ru")).toBe(languages.ru.hours);
      if (shots) await ru.screenshot({ path: `${shots}/hours-cash-order-ru-${width}.png`, fullPage: true });
      const en = await browser.open(orderPath!, { width });
      await en.getByText(`by ${shown} (Bali time)`).waitFor();
      if (shots) await en.screenshot({ path: `${shots}/hours-cash-order-en-${width}.png`, fullPage: true });
    }
  });
});
