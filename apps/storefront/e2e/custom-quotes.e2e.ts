import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { decodedMail, keptMail } from "@workshop/api/test-support/kept-mail.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postAdminForm, signIn, staffCookie, testOwner } from "#e2e/support/admin.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { expectAccessible, hydrated, useBrowser } from "./fixtures.ts";
import { raisedRateLimits } from "./global-setup.ts";
import { sendCustomRequest } from "./samples.ts";

/**
 * A custom hat from quote to fully paid, on a shop of its own (so the test reads the mail it keeps
 * in DATA_DIR/mail): staff quote a request, the customer accepts by the mail's link and pays the 50%
 * deposit by BCA virtual account, staff send the balance link from the order, the customer pays it.
 * Withdrawn and expired quotes refuse. SCREENSHOT_DIR=… keeps pictures of the quote pages.
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

/** A staff member whose admin is in Russian. */
const russianStaff = { email: "made@workshop.test", password: "Tegallalang-quotes-2026" };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Staff write a quote on the request's quote page; the banner says it was sent. */
async function writeQuote(staff: Page, requestId: number, price: string, description: string) {
  await staff.goto(`/admin/custom-orders/${requestId}/quote`);
  await staff.getByRole("heading", { level: 1, name: `Quote for request #C${requestId}` }).waitFor();
  await staff.getByLabel("Price (USD)").fill(price);
  await staff.getByLabel("What will be made").fill(description);
  await staff.getByLabel("Production time").selectOption("3-4 weeks");
  await staff.getByLabel(/Valid until/).fill(inDays(14));
  await staff.getByRole("button", { name: "Send the quote" }).click();
  await staff.getByRole("status").filter({ hasText: "Quote sent to ayu@example.com." }).waitFor();
}

const quoteLink = (mail: string) => mail.match(/https?:\/\/[^\s"<]+\/quotes\/[A-Za-z0-9_-]{32}/)![0];

describe("a custom hat's quote, deposit and balance", () => {
  it("staff quote; the customer accepts, pays the deposit by BCA; staff send the balance link; the customer pays it", async () => {
    const requestId = await newRequest("Ayu Lestari");
    const staff = await open("/admin/login");
    await signIn(staff, shop.baseURL, testOwner, `/admin/custom-orders/${requestId}/quote`);
    await writeQuote(staff, requestId, "185.50", "A natural straw fedora, 58 cm, with a hand-woven batik band.");
    await staff.getByText("Version 1").waitFor();
    await hydrated(staff);
    await expectAccessible(staff);

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
    await customer.getByRole("radio", { name: "BCA Virtual Account", exact: true }).check();
    await customer.getByRole("button", { name: "Place Order" }).click();
    await customer.waitForURL(/\/checkout\/payment-instructions\?order_id=.+&payment_id=pr-/);
    await customer.getByRole("heading", { name: "Complete Your Payment" }).waitFor();
    const depositPayment = new URL(customer.url()).searchParams.get("payment_id")!;
    await bankPays(depositPayment);
    await customer.waitForURL(/\/checkout\/success\?order_id=/, { timeout: 30_000 });
    await customer.getByRole("heading", { name: "Payment Successful" }).waitFor();

    // Staff see the order, linked to the request, with its deposit paid.
    await staff.goto(`/admin/custom-orders/${requestId}/quote`);
    await staff.getByText("Accepted").first().waitFor();
    const orderLink = staff.getByRole("region", { name: "Orders from this request" }).getByRole("link", { name: /^RT-/ });
    const orderNumber = (await orderLink.textContent())!.trim();
    await orderLink.click();
    await staff.getByRole("heading", { level: 1, name: `Order ${orderNumber}` }).waitFor();
    await staff.getByRole("link", { name: `Custom request #C${requestId} and its quotes` }).waitFor();
    await expect.poll(() => staff.locator("#payment").textContent()).toContain("Deposit paid");
    await hydrated(staff);
    await expectAccessible(staff);
    await staff.getByRole("button", { name: "Send balance payment link" }).click();
    await staff.getByText("The balance payment link is e-mailed to the customer.").waitFor();

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
    await customer.waitForURL(/\/checkout\/success\?order_id=/, { timeout: 30_000 });

    await customer.goto(new URL(orderPage).pathname);
    await customer.getByText("Paid", { exact: true }).first().waitFor();
    await staff.reload();
    await expect.poll(() => staff.locator("#payment").textContent()).toMatch(/Payment status\s*Paid/);
    // Two payments of one order: neither is taken for a double payment.
    expect(await staff.locator("#payment").textContent()).not.toContain("Paid twice");
    expect(await staff.getByRole("button", { name: /balance/ }).count()).toBe(0);
  }, 180_000);

  it("a withdrawn or an expired quote is shown with its reason and cannot be accepted; the pages fit phones and desktops", async () => {
    const withdrawnId = await newRequest("Withdrawn Person");
    const expiredId = await newRequest("Expired Person");
    const staff = await open("/admin/login");
    await signIn(staff, shop.baseURL, testOwner, `/admin/custom-orders/${withdrawnId}/quote`);
    await writeQuote(staff, withdrawnId, "120", "A sun hat.");
    await staff.getByRole("button", { name: "Withdraw this quote" }).click();
    await staff.getByRole("status").filter({ hasText: "Quote withdrawn" }).waitFor();
    await writeQuote(staff, expiredId, "99.99", "A beach hat.");
    const withdrawnLink = new URL(quoteLink(await mailWith("custom-quote", `#C${withdrawnId}`))).pathname;
    const expiredLink = new URL(quoteLink(await mailWith("custom-quote", `#C${expiredId}`))).pathname;

    const created = await postAdminForm(shop.baseURL, await staffCookie(shop.baseURL), "/admin/staff", {
      intent: "create",
      email: russianStaff.email,
      name: "Made",
      role: "staff",
      locale: "ru",
      choice: "own",
      password: russianStaff.password,
    });
    expect(created.status).toBeLessThan(500);

    // Screenshots of the open quote and of the staff page, in both languages, phone and desktop.
    for (const width of [390, 1280]) {
      for (const lang of ["en", "ru"] as const) {
        const page = await open(lang === "ru" ? `/ru${expiredLink}` : expiredLink, { width });
        await page.getByRole("button", { name: lang === "ru" ? "Принять и внести предоплату" : "Accept and pay the deposit" }).waitFor();
        await hydrated(page);
        await expectAccessible(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
        await screenshot(page, `quote-${lang}-${width}`);
      }
      for (const [who, lang] of [
        [testOwner, "en"],
        [russianStaff, "ru"],
      ] as const) {
        const admin = await open("/admin/login", { width });
        await signIn(admin, shop.baseURL, who, `/admin/custom-orders/${expiredId}/quote`);
        await admin
          .getByRole("heading", {
            level: 1,
            name: lang === "ru" ? `Предложение по заявке #C${expiredId}` : `Quote for request #C${expiredId}`,
          })
          .waitFor();
        await hydrated(admin);
        await expectAccessible(admin);
        expect(await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
        await screenshot(admin, `admin-quote-${lang}-${width}`);
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

    // The quote's last day passes: the shop is stopped, the day moved back, the shop started again.
    await shop.stop();
    const db = new PGlite(path.join(shop.dataDir, "db"));
    await db.query("update custom_quotes set valid_until = now() - interval '1 day' where custom_order_id = $1", [expiredId]);
    await db.close();
    shop = await startShop(env, shop.dataDir);
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
    const russianAdmin = await open("/admin/login", { width: 390 });
    await signIn(russianAdmin, shop.baseURL, russianStaff, `/admin/custom-orders/${expiredId}/quote`);
    await russianAdmin.getByText("Истекло").first().waitFor();
  }, 240_000);
});
