import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { paymentTiming } from "#app/components/payment/timing.ts";
import { atNextPoll } from "#e2e/support/payment-clock.ts";
import { baseURL, expectAccessible, hydrated, useBrowser } from "./fixtures.ts";

/**
 * Every kind of payment against the built-in Xendit sandbox, each to its end page. /test-checkout
 * fills the checkout (a hat, a Bali address, Lion Parcel) and opens the payment step.
 */
const browser = useBrowser();

type Lang = "en" | "ru";
const placeOrder = { en: "Place Order", ru: "Оформить заказ" };

/** `clock`: the pages from the payment on run on a clock the test can move (see atNextPoll); time still flows. */
async function checkoutWith(method: string, lang: Lang = "en", { clock = false } = {}): Promise<Page> {
  const page = await browser.open(lang === "ru" ? "/ru/test-checkout" : "/test-checkout", { locale: lang === "ru" ? "ru-RU" : "en-US" });
  await page.waitForURL(/\/checkout\/payment$/);
  await hydrated(page);
  if (clock) await page.clock.install();
  await page.getByRole("radio", { name: method, exact: true }).check();
  await page.getByRole("button", { name: placeOrder[lang] }).click();
  return page;
}

/** Plays the provider's part through the sandbox's control API (staff only), as a bank or a till would. */
async function sandbox(path: string, body: object = {}) {
  const headers = { "content-type": "application/json", authorization: `Bearer ${inject("staffToken")}` };
  const response = await fetch(`${baseURL()}/_sandbox/xendit/_control${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  expect(response.ok, await response.clone().text()).toBe(true);
}

const paymentIdOf = (page: Page) => new URL(page.url()).searchParams.get("payment_id")!;

describe("virtual account and store payments", () => {
  it("BCA virtual account: instructions, copy, simulate payment, polling, success", async () => {
    const page = await checkoutWith("BCA Virtual Account", "en", { clock: true });
    await page.waitForURL(/\/checkout\/payment-instructions\?order_id=.+&payment_id=pr-/);
    await page.getByRole("heading", { name: "Complete Your Payment" }).waitFor();
    await hydrated(page);
    const number = page.getByText(/^\d{12,}$/).first();
    await number.waitFor();
    await expectAccessible(page);
    expect(await page.getByText("Rp", { exact: false }).count()).toBeGreaterThan(0);

    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page
      .getByRole("button", { name: /virtual account number/i })
      .first()
      .click();
    await page.getByText("Copied!").first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await number.textContent())?.trim());

    // The bank reports the transfer; the page finds out by itself, at its next check.
    await sandbox(`/payment_requests/${paymentIdOf(page)}/pay`);
    await atNextPoll(page, baseURL(), "SUCCEEDED", paymentTiming.instructionsPollMs);
    await page.waitForURL(/\/checkout\/success\?order_id=.+&payment_id=pr-/);
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
  });

  it("BNI virtual account paid with the sandbox button", async () => {
    const page = await checkoutWith("BNI Virtual Account");
    await page.waitForURL(/\/checkout\/payment-instructions/);
    await hydrated(page);
    await page.getByRole("button", { name: "Simulate payment" }).click();
    await page.waitForURL(/\/checkout\/success\?order_id=/, { timeout: 30_000 });
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
  });

  /** Indomaret's box names no payer: the shop's name is not the customer's. */
  async function expectNoPayer(page: Page, lang: Lang) {
    const box = page.getByRole("region", { name: "Indomaret" });
    expect(await box.textContent()).toMatch(/TEST\d{8}/);
    expect(await box.textContent()).not.toContain("Rumah Topi");
    expect(await page.getByText(lang === "ru" ? "Имя плательщика" : "Name on the payment").count()).toBe(0);
  }

  it("Indomaret: the payment code and the store, no payer named; a failed payment offers another try", async () => {
    const page = await checkoutWith("Indomaret");
    await page.waitForURL(/\/checkout\/payment-instructions/);
    await page.getByText("Payment code").first().waitFor();
    expect(await page.getByText("Indomaret").count()).toBeGreaterThan(0);
    await expectNoPayer(page, "en");
    await hydrated(page);
    await page.getByRole("button", { name: "Simulate failure" }).click();
    await page.getByText("Payment Failed").first().waitFor();
    await page.getByRole("link", { name: "Choose Another Method" }).click();
    await page.waitForURL(/\/checkout\/payment$/);
    // The saved order is offered again, with the same amounts.
    await page.getByText(/Your order RT-[0-9A-Z]{6} is saved/).waitFor();
  });

  it("Indomaret's box names no payer in Russian either", async () => {
    const page = await checkoutWith("Indomaret", "ru");
    await page.waitForURL(/\/checkout\/payment-instructions/);
    await page.getByText("Код оплаты").first().waitFor();
    await expectNoPayer(page, "ru");
  });

  for (const lang of ["en", "ru"] as const) {
    it(`a failed virtual account hides every pay detail, on reload too, and offers the ways on (${lang})`, async () => {
      const page = await checkoutWith(lang === "ru" ? "Виртуальный счёт BRI" : "BRI Virtual Account", lang, { clock: true });
      await page.waitForURL(/\/checkout\/payment-instructions/);
      const number = (await page
        .getByText(/^\d{12,}$/)
        .first()
        .textContent())!.trim();
      const failedId = paymentIdOf(page);
      await sandbox(`/payment_requests/${failedId}/fail`, { failure_code: "PROCESSOR_ERROR" });
      await atNextPoll(page, baseURL(), "FAILED", paymentTiming.instructionsPollMs);
      const texts = {
        en: {
          title: "Payment Not Completed",
          next: "Your order is kept",
          again: "Try Again",
          another: "Choose Another Method",
          complete: "Complete Your Payment",
        },
        ru: {
          title: "Платёж не завершён",
          next: "Ваш заказ сохранён",
          again: "Попробовать снова",
          another: "Выбрать другой способ",
          complete: "Завершите оплату",
        },
      }[lang];
      for (const reload of [false, true]) {
        if (reload) await page.reload();
        await page.getByRole("heading", { level: 1, name: texts.title }).waitFor();
        await page.getByText(texts.next).waitFor();
        expect(await page.getByText(texts.complete).count()).toBe(0);
        expect(await page.getByText(number).count()).toBe(0);
        expect(await page.getByRole("button", { name: /copy|скопировать/i }).count()).toBe(0);
        expect(await page.getByText(/RT-[0-9A-Z]{6}/).count()).toBeGreaterThan(0);
        await page.getByRole("link", { name: texts.another }).waitFor();
      }
      await hydrated(page);
      await expectAccessible(page);
      // Try Again: a new virtual account of the same bank for the same order.
      await page.getByRole("button", { name: texts.again }).click();
      await expect.poll(() => paymentIdOf(page)).not.toBe(failedId);
      await page.waitForURL(/\/checkout\/payment-instructions/);
      await page.getByRole("heading", { level: 1, name: texts.complete }).waitFor();
      expect(
        (await page
          .getByText(/^\d{12,}$/)
          .first()
          .textContent())!.trim(),
      ).not.toBe(number);
    });
  }
});

describe("QRIS", () => {
  it("scan page, paid in the app, success after 2 s", async () => {
    const page = await checkoutWith("QRIS", "en", { clock: true });
    await page.waitForURL(/\/checkout\/qr\?order_id=.+&payment_id=pr-/);
    await page.getByRole("heading", { name: "Scan QR Code to Pay" }).waitFor();
    const image = page.getByRole("img", { name: /QRIS payment code/ });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByText(/^(10:00|09:\d\d)$/).waitFor();
    await page
      .getByText(/RT-[0-9A-Z]{6}/)
      .first()
      .waitFor();
    // The code can be saved as a PNG, for a phone's banking app to scan from the gallery.
    const save = page.getByRole("link", { name: "Save QR Image" });
    expect(await save.getAttribute("download")).toMatch(/^QRIS-RT-[0-9A-Z]{6}\.png$/);
    const png = await page.request.get((await save.getAttribute("href"))!);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect((await png.body()).subarray(1, 4).toString()).toBe("PNG");
    await hydrated(page);
    await expectAccessible(page);
    await sandbox(`/payment_requests/${paymentIdOf(page)}/pay`);
    await atNextPoll(page, baseURL(), "SUCCEEDED", paymentTiming.qrPollMs);
    await page.getByText("Payment received").waitFor();
    await page.waitForURL(/\/checkout\/success\?order_id=.+&payment_id=pr-/);
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
  });

  it("expires when the countdown reaches zero (a clock the test controls)", async () => {
    const page = await browser.open("/test-checkout");
    await page.clock.install();
    await page.waitForURL(/\/checkout\/payment$/);
    await hydrated(page);
    await page.getByRole("radio", { name: "QRIS", exact: true }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/checkout\/qr\?/);
    // A client-side navigation: the page is hydrated already, so wait for the QR page itself.
    await page.getByRole("heading", { name: "Scan QR Code to Pay" }).waitFor();
    await page.getByText("10:00").waitFor();
    await page.clock.fastForward("05:00");
    await page.getByText(/^0[45]:\d\d$/).waitFor();
    await page.clock.fastForward("05:01");
    await page.getByRole("heading", { level: 1, name: "QR Code Expired" }).waitFor();
    // The expired code is gone: nothing left to scan or save.
    expect(await page.getByRole("img", { name: /QRIS payment code/ }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Save QR Image" }).count()).toBe(0);
    await page.getByRole("button", { name: "Try Again" }).waitFor();
    await page.getByRole("link", { name: "Choose Another Method" }).waitFor();
  });
});

describe("cards on Xendit's hosted checkout (a payment session)", () => {
  /** Pays on the session's page; a declined card shows its reason there, then the customer cancels. */
  async function payByCard(number: string, lang: Lang = "en") {
    const page = await checkoutWith(lang === "ru" ? "Банковская карта" : "Credit or debit card", lang);
    await page.waitForURL(/\/_sandbox\/xendit\/pay\/sessions\/ps-/);
    if (number !== "cancel") {
      await page.getByLabel("Card number").fill(number);
      await page.getByLabel("Expiry (MM/YY)").fill("12/39");
      await page.getByLabel("CVN").fill("123");
      await page.getByLabel("Name on card").fill("Test Customer");
      await page.getByRole("button", { name: /^Pay / }).click();
    }
    return page;
  }

  it("a test card that succeeds ends on 'Payment Successful'", async () => {
    const page = await payByCard("4000000000001091");
    await page.waitForURL(/\/checkout\/success\?order_id=.+&payment_id=ps-/);
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
  });

  it("a declined card stays on the checkout, and another card pays", async () => {
    const page = await payByCard("4000000000000002");
    await page.getByRole("alert").getByText("CARD_DECLINED").waitFor();
    expect(page.url()).toMatch(/\/pay\/sessions\/ps-/);
    await page.getByLabel("Card number").fill("4000000000001000");
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("CVN").fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/checkout\/success\?order_id=.+&payment_id=ps-/);
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
  });

  // One failure per language to the failed page: a declined card (its reason) in English, leaving
  // without a card (CANCELLED) in Russian. Each test card's code is the sandbox's test
  // (apps/api/simulators/xendit/pay-pages.test.ts), the reason the failed page is given after the
  // cancel link the API's (src/checkout/payment-shop-routes.integration.test.ts), and each reason's
  // words in both languages the page's (app/components/payment/FailedPayment.test.ts).
  it("a declined card, then Cancel: the failed page says why, with the payment and the order", async () => {
    const page = await payByCard("4000000000000051");
    await page.getByRole("alert").getByText("INSUFFICIENT_BALANCE").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(/\/checkout\/failed\?order_id=.+&payment_id=ps-/);
    await page.getByRole("heading", { name: "Payment Not Completed" }).waitFor();
    await page.getByText("There is not enough money on the card or account.").first().waitFor();
    expect(await page.getByText(paymentIdOf(page)).count()).toBeGreaterThan(0);
    expect(await page.getByText(/RT-[0-9A-Z]{6}/).count()).toBeGreaterThan(0);
    await expectAccessible(page);
  });

  it("Cancel without paying, in Russian: the failed page says the payment was cancelled", async () => {
    const page = await payByCard("cancel", "ru");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(/\/ru\/checkout\/failed\?order_id=.+&payment_id=ps-/);
    await page.getByRole("heading", { name: "Платёж не завершён" }).waitFor();
    await page.getByText("Платёж был отменён.").first().waitFor();
    expect(await page.getByText(paymentIdOf(page)).count()).toBeGreaterThan(0);
    expect(await page.getByText(/RT-[0-9A-Z]{6}/).count()).toBeGreaterThan(0);
    await expectAccessible(page);
  });
});

describe("e-wallets and pay-later", () => {
  async function approveOrDecline(method: string, choice: "Approve" | "Decline") {
    const page = await checkoutWith(method);
    await page.waitForURL(/\/_sandbox\/xendit\/pay\/pr-/);
    await page.getByRole("button", { name: choice }).click();
    return page;
  }

  it("OVO approved", async () => {
    const page = await approveOrDecline("OVO", "Approve");
    await page.waitForURL(/\/checkout\/success\?/);
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
  });

  it("DANA declined", async () => {
    const page = await approveOrDecline("DANA", "Decline");
    await page.waitForURL(/\/checkout\/failed\?/);
    // .first(): while the streamed answer is swapped in, React briefly holds a hidden copy.
    await page.getByText("The payment was declined in the payment app.").first().waitFor();
  });

  it("Kredivo (pay later) approved", async () => {
    const page = await approveOrDecline("Kredivo", "Approve");
    await page.waitForURL(/\/checkout\/success\?/);
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
  });
});

describe("the return from the provider's page", () => {
  it("finds the order in a browser without the checkout cookie and shows the real state", async () => {
    const page = await checkoutWith("OVO");
    await page.waitForURL(/\/_sandbox\/xendit\/pay\/pr-/);
    // The customer's e-wallet app returns in another browser: only the link is taken from this one.
    let returnUrl = "";
    page.on("request", (request) => {
      if (request.url().includes("/checkout/return?")) returnUrl ||= request.url();
    });
    await page.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => returnUrl).toMatch(/\/checkout\/return\?order_id=.+&attempt=1&sig=/);
    await page.context().close();

    const other = await browser.open(returnUrl);
    await other.waitForURL(/\/checkout\/success\?/);
    await other.getByRole("heading", { name: "Payment Successful" }).waitFor();
    expect(await other.getByText(/RT-[0-9A-Z]{6}/).count()).toBeGreaterThan(0);

    // A forged signature finds nothing, and a link without one needs the cookie.
    const forged = new URL(returnUrl);
    forged.searchParams.set("sig", "A".repeat(43));
    const stranger = await browser.open(forged.pathname + forged.search);
    await stranger.waitForURL(/\/checkout\/(payment|confirmation)/);
    forged.searchParams.delete("sig");
    const unsigned = await browser.open(forged.pathname + forged.search);
    await unsigned.waitForURL(/\/checkout\/(payment|confirmation)/);
  });
});
