import { mkdir } from "node:fs/promises";
import path from "node:path";
import { customQuotesAnswer } from "@workshop/domain/staff-api/custom-orders.ts";
import { decodedMail, keptMail } from "@workshop/testing/kept-mail.ts";
import { queryStoppedShop } from "@workshop/testing/shop-database.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentTiming } from "#app/components/payment/timing.ts";
import { type StaffSession, staffSession, staffWrite, testOwner } from "#e2e/support/admin.ts";
import { paidAtNextPoll } from "#e2e/support/payment-clock.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { expectAccessible, hydrated, useBrowser } from "./fixtures.ts";
import { raisedRateLimits } from "./global-setup.ts";
import { sendCustomRequest } from "./samples.ts";

/**
 * A custom hat from quote to fully paid, on a shop of its own (so the test reads the mail it keeps
 * in DATA_DIR/mail): staff quote a request, the customer accepts by the mail's link and pays the 50%
 * deposit by BCA virtual account, staff send the balance link from the order, the customer pays it.
 * Withdrawn and expired quotes refuse. Staff work through the staff API here, as the console does
 * (its pages have browser tests of their own, apps/admin/e2e). SCREENSHOT_DIR=… keeps pictures of
 * the quote pages.
 */
let shop: RunningShop;
const staffToken = `e2e-quotes-${Date.now()}-token`;
const env = { ...raisedRateLimits, ADMIN_API_TOKEN: staffToken, ADMIN_EMAIL: testOwner.email, ADMIN_PASSWORD: testOwner.password };

beforeAll(async () => {
  shop = await startShop(env);
});
afterAll(async () => {
  await shop?.remove();
});

const { open } = useBrowser(() => shop.baseURL);

/** The kept mails of a template, decoded. */
const keptMails = async (template: string) => (await keptMail(shop.dataDir, template)).map(decodedMail);

/** The newest kept mail of a template that contains `text`, once the outbox delivered it. */
async function mailWith(template: string, text: string): Promise<string> {
  await expect.poll(async () => (await keptMails(template)).filter((m) => m.includes(text)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  return (await keptMails(template)).filter((m) => m.includes(text)).at(-1)!;
}

const newRequest = (name: string) => sendCustomRequest(shop.baseURL, { name, details: "A straw fedora with a wide band" });

/** Plays the bank's part through the sandbox's control API (staff only). */
async function bankPays(paymentId: string) {
  const response = await fetch(`${shop.baseURL}/_sandbox/xendit/_control/payment_requests/${paymentId}/pay`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${staffToken}` },
    body: "{}",
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Staff send a quote for a request, as the console's quote page does. */
async function writeQuote(staff: StaffSession, requestId: number, price: string, description: string) {
  const sent = await staffWrite(shop.apiURL, staff, `/api/admin/custom-orders/${requestId}/quotes`, "POST", {
    price,
    description,
    productionTime: "3-4 weeks",
    validUntil: inDays(14),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  expect(await sent.json()).toEqual({ email: "ayu@example.com" });
}

/** A request's quotes and the orders they made, as the console's quote page reads them. */
async function quotesOf(staff: StaffSession, requestId: number) {
  const answer = await fetch(`${shop.apiURL}/api/admin/custom-orders/${requestId}/quotes`, { headers: { Cookie: staff.cookie } });
  expect(answer.status).toBe(200);
  return customQuotesAnswer.parse(await answer.json());
}

const quoteLink = (mail: string) => mail.match(/https?:\/\/[^\s"<]+\/quotes\/[A-Za-z0-9_-]{32}/)![0];

describe("a custom hat's quote, deposit and balance", () => {
  it("staff quote; the customer accepts, pays the deposit by BCA; staff send the balance link; the customer pays it", async () => {
    const requestId = await newRequest("Ayu Lestari");
    const staff = await staffSession(shop.apiURL, testOwner);
    await writeQuote(staff, requestId, "185.50", "A natural straw fedora, 58 cm, with a hand-woven batik band.");
    expect((await quotesOf(staff, requestId)).quotes.map((q) => [q.version, q.state])).toEqual([[1, "open"]]);

    // The quote mail is in the outbox, with the private link and the 50% deposit.
    const mail = await mailWith("custom-quote", `#C${requestId}`);
    expect(mail).toContain("$185.50");
    expect(mail).toContain("$92.75");
    const link = quoteLink(mail);

    const customer = await open(new URL(link).pathname);
    await customer.getByRole("heading", { level: 1, name: `Your quote for request #C${requestId}` }).waitFor();
    await customer.getByText("A natural straw fedora, 58 cm, with a hand-woven batik band.").waitFor();
    // Half of $185.50 is the deposit; the balance is the rest (also $92.75) plus delivery.
    expect(await customer.locator("dl").textContent()).toContain("Deposit to start (50%)$92.75Balance when the hat is ready");
    await hydrated(customer);
    await expectAccessible(customer);
    await customer.getByRole("button", { name: "Accept and pay the deposit" }).click();

    await customer.waitForURL(/\/checkout\/shipping$/);
    await customer.getByText("Deposit to pay now (50%)").waitFor();
    await customer.getByLabel("Full name").fill("Ayu Lestari");
    await customer.getByLabel("E-mail").fill("ayu@example.com");
    await customer.getByLabel("Phone").fill("+62 21 555 0100");
    await customer.getByLabel("Address", { exact: true }).fill("Jl. Sudirman 1");
    await customer.getByLabel("City").fill("Jakarta");
    await customer.getByLabel("State / Province").fill("DKI Jakarta");
    await customer.getByLabel("Postal code").fill("10220");
    await customer.getByLabel("Country").selectOption("Indonesia");
    await customer.getByRole("button", { name: "Continue to Delivery" }).click();
    await customer.waitForURL(/\/checkout\/shipping-options$/);
    await customer.getByRole("radio").first().check();
    await customer.getByRole("button", { name: "Continue to Payment" }).click();
    await customer.waitForURL(/\/checkout\/payment$/);
    await customer.getByText("Deposit to pay now (50%)").waitFor();
    // The payment pages from here on run on a clock the test moves past their waits (paidAtNextPoll).
    await hydrated(customer);
    await customer.clock.install();
    await customer.getByRole("radio", { name: "BCA Virtual Account", exact: true }).check();
    await customer.getByRole("button", { name: "Place Order" }).click();
    await customer.waitForURL(/\/checkout\/payment-instructions\?order_id=.+&payment_id=pr-/);
    await customer.getByRole("heading", { name: "Complete Your Payment" }).waitFor();
    const depositPayment = new URL(customer.url()).searchParams.get("payment_id")!;
    await bankPays(depositPayment);
    await paidAtNextPoll(customer, shop.baseURL, paymentTiming.instructionsPollMs);
    await customer.waitForURL(/\/checkout\/success\?order_id=/);
    await customer.getByRole("heading", { name: "Payment Successful" }).waitFor();

    // Staff see the order, linked to the request, with its deposit paid, and send the balance link.
    const [made] = (await quotesOf(staff, requestId)).orders;
    expect(made).toMatchObject({ paymentStatus: "DEPOSIT_PAID" });
    const orderNumber = made!.orderNumber;
    const balance = await staffWrite(shop.apiURL, staff, `/api/admin/orders/${made!.id}/balance-link`, "POST", {
      nonce: crypto.randomUUID(),
    });
    expect([balance.status, await balance.json()]).toEqual([201, { sent: true }]);

    // The balance mail's link: the order page, whose Pay Now takes the balance.
    const balanceMail = await mailWith("balance-requested", orderNumber);
    const orderPage = balanceMail.match(/https?:\/\/[^\s"<]+\/orders\/[A-Za-z0-9_-]{32}/)![0];
    await customer.goto(new URL(orderPage).pathname);
    await customer.getByRole("heading", { level: 1, name: new RegExp(orderNumber) }).waitFor();
    await customer.getByRole("button", { name: "Pay Now" }).click();
    await customer.waitForURL(/\/checkout\/payment$/);
    await customer.getByText("Balance to pay now").waitFor();
    await customer.getByRole("radio", { name: "BCA Virtual Account", exact: true }).check();
    await customer.getByRole("button", { name: "Pay Now" }).click();
    await customer.waitForURL(/\/checkout\/payment-instructions\?order_id=.+&payment_id=pr-/);
    const balancePayment = new URL(customer.url()).searchParams.get("payment_id")!;
    expect(balancePayment).not.toBe(depositPayment);
    await bankPays(balancePayment);
    await paidAtNextPoll(customer, shop.baseURL, paymentTiming.instructionsPollMs);
    await customer.waitForURL(/\/checkout\/success\?order_id=/);

    await customer.goto(new URL(orderPage).pathname);
    await customer.getByText("Paid", { exact: true }).first().waitFor();
    // Two payments of one order: paid in full, neither taken for a double payment.
    await expect.poll(async () => (await quotesOf(staff, requestId)).orders[0]?.paymentStatus).toBe("SUCCEEDED");
    const order = await (await fetch(`${shop.apiURL}/api/admin/orders/${made!.id}`, { headers: { Cookie: staff.cookie } })).json();
    expect(JSON.stringify(order)).not.toMatch(/double|twice/i);
  }, 180_000);

  it("a withdrawn or an expired quote is shown with its reason and cannot be accepted; the pages fit phones and desktops", async () => {
    const withdrawnId = await newRequest("Withdrawn Person");
    const expiredId = await newRequest("Expired Person");
    const staff = await staffSession(shop.apiURL, testOwner);
    await writeQuote(staff, withdrawnId, "120", "A sun hat.");
    const [open1] = (await quotesOf(staff, withdrawnId)).quotes;
    const withdrawal = await staffWrite(
      shop.apiURL,
      staff,
      `/api/admin/custom-orders/${withdrawnId}/quotes/${open1!.id}/withdraw`,
      "POST",
      {},
    );
    expect(withdrawal.status).toBe(200);
    expect((await quotesOf(staff, withdrawnId)).quotes[0]!.state).toBe("withdrawn");
    await writeQuote(staff, expiredId, "99.99", "A beach hat.");
    const withdrawnLink = new URL(quoteLink(await mailWith("custom-quote", `#C${withdrawnId}`))).pathname;
    const expiredLink = new URL(quoteLink(await mailWith("custom-quote", `#C${expiredId}`))).pathname;

    // Screenshots of the open quote, in both languages, phone and desktop.
    for (const width of [390, 1280]) {
      for (const lang of ["en", "ru"] as const) {
        const page = await open(lang === "ru" ? `/ru${expiredLink}` : expiredLink, { width });
        await page.getByRole("button", { name: lang === "ru" ? "Принять и внести предоплату" : "Accept and pay the deposit" }).waitFor();
        await hydrated(page);
        await expectAccessible(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
        await screenshot(page, `quote-${lang}-${width}`);
      }
    }

    const withdrawn = await open(withdrawnLink);
    await withdrawn.getByRole("alert").filter({ hasText: "This quote was withdrawn by the workshop." }).waitFor();
    expect(await withdrawn.getByRole("button", { name: "Accept and pay the deposit" }).count()).toBe(0);
    await expectAccessible(withdrawn);
    // A form sent anyway (an old tab) is refused with the same reason.
    const posted = await fetch(`${shop.baseURL}${withdrawnLink}`, {
      method: "POST",
      headers: { Origin: shop.baseURL },
      body: new URLSearchParams({ accept: "1" }),
      redirect: "manual",
    });
    expect(posted.status).toBe(409);

    // The quote's last day passes: the API (which holds the database) is stopped, the day moved
    // back, the API started again; the storefront stays up and serves again once it is back.
    await shop.api.stop();
    await queryStoppedShop(shop.dataDir, "update custom_quotes set valid_until = now() - interval '1 day' where custom_order_id = $1", [
      expiredId,
    ]);
    await shop.restartApi();
    await expect.poll(async () => (await fetch(`${shop.baseURL}${expiredLink}`)).status).toBe(200);
    for (const lang of ["en", "ru"] as const) {
      const expired = await open(lang === "ru" ? `/ru${expiredLink}` : expiredLink);
      await expired
        .getByRole("alert")
        .filter({ hasText: lang === "ru" ? "Срок действия предложения истёк" : "This quote has expired." })
        .waitFor();
      expect(
        await expired
          .getByRole("button")
          .filter({ hasText: /Accept|Принять/ })
          .count(),
      ).toBe(0);
      await expectAccessible(expired);
      await screenshot(expired, `quote-expired-${lang}-1280`);
    }
    // Staff see it expired too.
    const again = await staffSession(shop.apiURL, testOwner);
    expect((await quotesOf(again, expiredId)).quotes[0]!.state).toBe("expired");
  }, 240_000);
});
