import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, useBrowser } from "./fixtures.ts";

/**
 * The whole checkout in Russian, under /ru/: every page it shows (confirmation, address,
 * delivery, payment, instructions, success, the order page) is Russian, with no English left:
 * no English method, product, colour or country names.
 */
const browser = useBrowser();

const bali = {
  fullName: "Wayan Sari",
  email: "wayan@example.com",
  phone: "+62 361 555 0100",
  addressLine1: "Jl. Raya Ubud 10",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
};

/** The buyer /ru/test-checkout fills in (the API's checkout/test-checkout.ts), as typed. */
const sampleBuyer = ["Ketut Sandbox", "sandbox@example.com", "Jl. Raya Ubud No. 1"];

// Latin words that are names, not English: brands, banks, stores, places, codes and what the buyer typed.
const names = [
  ...Object.values(bali),
  ...sampleBuyer,
  "Rumah Topi",
  "Jl. Raya Mas No. 88",
  "Mas, Ubud",
  "Gianyar",
  "Ubud",
  "Bali",
  "WITA",
  "Made Sari",
  "DHL International Express",
  "DHL",
  "Lion Parcel",
  "Xendit",
  "QRIS",
  "CVV",
  "3-D Secure",
  "BCA",
  "BNI",
  "BRI",
  "Mandiri",
  "Permata",
  "BSI",
  "BJB",
  "CIMB Niaga",
  "Bank Sahabat Sampoerna",
  "Indomaret",
  "Alfamart",
  "OVO",
  "DANA",
  "ShopeePay",
  "LinkAja",
  "AstraPay",
  "Kredivo",
  "Akulaku",
  "Atome",
  "Indodana",
  "Visa",
  "Mastercard",
  "JCB",
  "AMEX",
  "WhatsApp",
  "Telegram",
  "Instagram",
  "Facebook",
  "hello@rumahtopi.com",
  "USD",
  "IDR",
  "UTC",
  "XXL",
  "XS",
  "XL",
  "Rp",
  "pay-later",
  "e-mail",
  "Google",
  // The workshop's postal address, as a courier reads it; a bank app's own label, quoted.
  "Bali 80571, Indonesia",
  "(Virtual Account)",
];

/** The Latin words left in the page's main content once the names are taken out. */
async function englishLeft(page: Page): Promise<string[]> {
  // What a reader sees: innerText leaves out hidden elements, which textContent would read.
  // Codes first: a name within one (a bank's, a postal code) could otherwise cut it in two.
  // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what is checked
  let text = (await page.locator("main").innerText())
    .replace(/RT-[0-9A-Z-]+/g, " ")
    .replace(/\b(?:pr|ps|va|qr)-[\w-]+/gi, " ")
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/gi, " ");
  for (const name of [...names].sort((a, b) => b.length - a.length)) text = text.split(name).join(" ");
  return [...new Set(text.match(/[A-Za-z]{2,}(?:[ '][A-Za-z]{2,})*/g) ?? [])];
}

async function expectRussian(page: Page) {
  expect(await page.locator("html").getAttribute("lang"), page.url()).toBe("ru");
  expect(new URL(page.url()).pathname, page.url()).toMatch(/^\/ru\//);
  expect(await englishLeft(page), page.url()).toEqual([]);
}

/** From the product page (where `page` is) through every step to the payment step. */
async function toPayment(page: Page) {
  await hydrated(page);
  await page.getByRole("button", { name: "Заказать" }).click();
  await page.waitForURL(/\/ru\/checkout\/confirmation$/);
  await expectRussian(page);
  await page.getByRole("link", { name: "Перейти к доставке" }).click();
  await page.waitForURL(/\/ru\/checkout\/shipping$/);
  await expectRussian(page);
  for (const [field, value] of Object.entries(bali)) await page.locator(`#field-${field}`).fill(value);
  await page.locator("select[name=country]").selectOption("Indonesia");
  await page.locator("main form button[type=submit]").click();
  await page.waitForURL(/\/ru\/checkout\/shipping-options$/);
  await expectRussian(page);
  // The promise counts the making stages' working days before the carrier's (the API's making/promised-dates.ts).
  const pickup = page.locator("label", { has: page.locator("input[value=PICKUP]") });
  await expect.poll(() => pickup.textContent()).toContain("Изготовление: 10 рабочих дней после оплаты");
  expect(await pickup.textContent()).toMatch(/Можно забрать с .+/);
  await page.locator("input[value=PICKUP]").check();
  await page.locator("main form button[type=submit]").click();
  await page.waitForURL(/\/ru\/checkout\/payment$/);
  await expectRussian(page);
}

/**
 * The payment step straight away, for a test about what comes after it (the steps before are the
 * first test's): the sandbox's sample checkout, a hat delivered to Bali by Lion Parcel.
 */
async function sampleAtPayment(): Promise<Page> {
  const page = await browser.open("/ru/test-checkout", { locale: "ru-RU" });
  await page.waitForURL(/\/ru\/checkout\/payment$/);
  await expectRussian(page);
  return page;
}

async function placeOrder(page: Page, method: string) {
  await hydrated(page);
  await page.locator(`input[name=paymentMethod][value=${method}]`).check();
  await page.getByRole("button", { name: "Оформить заказ" }).click();
}

describe("the Russian checkout", () => {
  it("cash at the workshop: every step, the success page and the order page, all in Russian", async () => {
    const page = await browser.open("/ru/products/1", { locale: "ru-RU" });
    await toPayment(page);
    await placeOrder(page, "CASH_IN_STORE");
    await page.waitForURL(/\/ru\/checkout\/success\?order_id=/);
    await page.getByText("Наличными в мастерской").first().waitFor();
    await expectRussian(page);
    await page.locator("main a[href^='/ru/orders/']").first().click();
    await page.waitForURL(/\/ru\/orders\//);
    // A pickup: the workshop, not the buyer's home (whose country would read 'Индонезия').
    await page.getByText("Самовывоз из мастерской").first().waitFor();
    await expectRussian(page);
  });

  it("BCA virtual account: the instructions page in Russian", async () => {
    const page = await sampleAtPayment();
    await placeOrder(page, "BCA");
    await page.waitForURL(/\/ru\/checkout\/payment-instructions\?order_id=/);
    await page
      .getByText(/^\d{12,}$/)
      .first()
      .waitFor();
    await expectRussian(page);
  });

  it("the test card: the success page names the method in Russian", async () => {
    const page = await sampleAtPayment();
    await placeOrder(page, "TEST_CARD");
    await page.waitForURL(/\/ru\/checkout\/success\?order_id=/);
    await page.getByText("Тестовая карта").first().waitFor();
    await expectRussian(page);
  });
});
