import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@workshop/api/db/client.ts";
import { hashPassword } from "@workshop/api/staff/passwords.ts";
import { deliveryCostCents } from "@workshop/domain/delivery.ts";
import { launchBrowser, newContext } from "@workshop/testing/browser.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, signIn, staffCookie } from "#e2e/support/admin.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { expectAccessible } from "./fixtures.ts";
import { raisedRateLimits } from "./global-setup.ts";
import { baliAddress, orderPayload } from "./samples.ts";

/**
 * The admin's order page in a shop of its own, whose staff (an English-speaking owner and a
 * Russian-speaking staff member) are written into its database before it starts.
 */
const owner: Credentials = { email: "desk-owner@workshop.test", password: "Order-desk-owner-2026" };
const russian: Credentials = { email: "desk-ru@workshop.test", password: "Order-desk-staff-2026" };
const apiToken = `order-desk-${Date.now()}-token`;

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-desk-"));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  await database.db
    .insertInto("staffAccounts")
    .values([
      { email: owner.email, name: "Wayan", role: "owner", locale: "en", passwordHash: await hashPassword(owner.password) },
      { email: russian.email, name: "Ольга", role: "staff", locale: "ru", passwordHash: await hashPassword(russian.password) },
    ])
    .execute();
  await database.close();
  shop = await startShop({ ADMIN_API_TOKEN: apiToken, ...raisedRateLimits }, dataDir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await shop?.remove();
});

async function signedIn(who: Credentials, options: { javaScript?: boolean; width?: number } = {}): Promise<Page> {
  const context = await newContext(browser, shop.baseURL, options);
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, shop.baseURL, who);
  return page;
}

/** An order placed through the JSON API: paid in cash at the workshop (Bali), or by BCA. */
async function placeOrder(kind: "cash-pickup" | "cash-parcel" | "online"): Promise<{ id: string; orderNumber: string }> {
  const base = await orderPayload(shop.baseURL);
  const cost = kind === "cash-parcel" ? deliveryCostCents("LION_PARCEL") / 100 : 0;
  const body =
    kind === "online"
      ? base
      : {
          ...base,
          shippingAddress: baliAddress,
          shipping: { method: kind === "cash-pickup" ? "PICKUP" : "LION_PARCEL", cost },
          total: base.price + cost,
          paymentMethod: "CASH_IN_STORE",
        };
  const response = await fetch(`${shop.baseURL}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; orderNumber: string };
}

const patchPayment = (orderId: string, paymentStatus: string) =>
  fetch(`${shop.baseURL}/api/orders/update-payment-status?orderId=${orderId}`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${apiToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ paymentStatus }),
  });

/** Waits for the page's banner (status: success, alert: failure) to say exactly `text`. */
async function expectBanner(page: Page, role: "status" | "alert", text: string) {
  const banner = page.getByRole(role).filter({ hasText: text }).first();
  await banner.waitFor();
  expect((await banner.textContent())?.trim()).toBe(text);
}

describe("the admin's order page", () => {
  it("marks a cash order paid after the browser's confirm; the customer's payment e-mail is in the outbox", async () => {
    const order = await placeOrder("cash-pickup");
    const page = await signedIn(owner);
    await page.goto(`/admin/orders/${order.id}?back=page%3D2`);
    await page.getByRole("heading", { level: 1, name: `Order ${order.orderNumber}` }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await page.getByRole("link", { name: /Back to Orders/ }).getAttribute("href")).toBe("/admin/orders?page=2");
    await expectAccessible(page);
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Mark as Paid" }).click();
    await expectBanner(page, "status", "The order is marked as paid. The customer will be notified by e-mail.");
    await expect(page.locator("#order").textContent()).resolves.toContain("Processing");
    await expect(page.getByRole("button", { name: "Mark as Paid" }).count()).resolves.toBe(0);
    const mailLink = page.locator("#emails").getByRole("link", { name: /Payment received for order/ });
    await mailLink.click();
    await page.getByRole("heading", { level: 1, name: /E-mail: Payment received for order/ }).waitFor();
    const text = await page.locator("pre").textContent();
    expect(text).toContain(order.orderNumber);
    // Greeted without the name typed at checkout: nobody has confirmed the address it goes to.
    expect(text).toContain("Hello,");
    expect(text).not.toContain(baliAddress.fullName);
    await expect(page.locator("body").textContent()).resolves.toContain(baliAddress.email);
  });

  it("without JavaScript, Mark as Paid goes through a confirm page", async () => {
    const order = await placeOrder("cash-pickup");
    const page = await signedIn(owner, { javaScript: false, width: 390 });
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByRole("button", { name: "Mark as Paid" }).click();
    await page.waitForURL(`**/admin/orders/${order.id}/confirm?action=mark-paid`);
    await page.getByRole("heading", { name: `Mark order ${order.orderNumber} as paid?` }).waitFor();
    await page.getByRole("button", { name: "Yes, mark as paid" }).click();
    await expectBanner(page, "status", "The order is marked as paid. The customer will be notified by e-mail.");
    // The page fits a phone: nothing wider than the screen but the tables' own scroll boxes.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("refuses to mark an online order paid through the staff API (409 with the reason)", async () => {
    const order = await placeOrder("online");
    const response = await patchPayment(order.id, "SUCCEEDED");
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toMatch(/Only cash-in-store orders can be marked paid/);
    const page = await signedIn(owner);
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.getByRole("button", { name: "Mark as Paid" }).count()).resolves.toBe(0);
    await expect(page.locator("#order").textContent()).resolves.toContain("Pending");
  });

  it("ships an order with carrier and tracking number, and mails the customer the tracking link", async () => {
    const order = await placeOrder("cash-parcel");
    expect((await patchPayment(order.id, "SUCCEEDED")).status).toBe(200);
    const page = await signedIn(owner);
    await page.goto(`/admin/orders/${order.id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    // Only the moves the order allows are offered.
    const offered = await page.getByLabel("New status").locator("option").allTextContents();
    expect(offered).toEqual(["Contacted", "In progress", "Cancelled"]);
    await page.getByLabel("New status").selectOption("IN_PROGRESS");
    await page.getByRole("button", { name: "Update Status" }).click();
    await expectBanner(page, "status", "The status is now In progress.");
    // The choice starts again from the moves the order now allows; carrier fields only for Shipped.
    await expect(page.getByLabel("New status").locator("option").allTextContents()).resolves.toEqual(["Contacted", "Shipped", "Cancelled"]);
    await expect(page.locator('select[name="carrier"]').count()).resolves.toBe(0);
    await page.getByLabel("New status").selectOption("SHIPPED");
    await page.locator('select[name="carrier"]').selectOption("Lion Parcel");
    await page.getByLabel("Tracking number").fill("11LP1700000042");
    await page.getByRole("button", { name: "Update Status" }).click();
    await expectBanner(page, "status", "The order is shipped. The customer will receive the tracking number by e-mail.");
    await expect(page.locator("#shipping").textContent()).resolves.toContain("11LP1700000042");
    await page
      .locator("#emails")
      .getByRole("link", { name: /is on its way/ })
      .click();
    await expect(page.locator("pre").textContent()).resolves.toContain("https://lionparcel.com/track/stt?q=11LP1700000042");
  });

  it("sends the customer an e-mail from a ready text, once", async () => {
    const order = await placeOrder("cash-pickup");
    const page = await signedIn(owner, { javaScript: false });
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByLabel("Ready text").selectOption("ready-for-pickup");
    await page.getByRole("button", { name: "Use this text" }).click();
    await expect(page.getByLabel("Subject").inputValue()).resolves.toBe(`Your hat is ready for pickup — order ${order.orderNumber}`);
    await page.getByLabel("Message").fill(`Hello Made,\n\nYour hat is ready. Come on Friday!`);
    await page.getByRole("button", { name: "Send Email" }).click();
    await expectBanner(page, "status", "The e-mail to the customer is queued for sending.");
    const rows = page.locator("#emails tbody tr").filter({ hasText: "Message from staff" });
    await expect(rows.count()).resolves.toBe(1);
    await rows.getByRole("link").click();
    await expect(page.locator("pre").textContent()).resolves.toContain("Come on Friday!");
    // Adds a note on the way.
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByLabel("New note (only staff see it)").fill("Customer prefers mornings.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expectBanner(page, "status", "The note is added.");
    await expect(page.locator("#notes").textContent()).resolves.toContain("Customer prefers mornings.");
    await expect(page.locator("#audit").textContent()).resolves.toContain("Note written");
  });

  it("speaks Russian to a Russian-speaking staff member: the success and the failure alerts", async () => {
    const order = await placeOrder("cash-parcel");
    const page = await signedIn(russian, { javaScript: false });
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByRole("heading", { level: 1, name: `Заказ ${order.orderNumber}` }).waitFor();
    await page.getByRole("button", { name: "Отметить как оплаченный" }).click();
    await page.getByRole("button", { name: "Да, отметить как оплаченный" }).click();
    await expectBanner(page, "status", "Заказ отмечен как оплаченный. Клиент получит уведомление по электронной почте.");
    await page.getByLabel("Новый статус").selectOption("IN_PROGRESS");
    await page.getByRole("button", { name: "Изменить статус" }).click();
    await page.getByLabel("Новый статус").selectOption("SHIPPED");
    // No tracking number: refused, in Russian, with the reason.
    await page.getByRole("button", { name: "Изменить статус" }).click();
    await expectBanner(page, "alert", "Ошибка при обновлении статуса: введите трек-номер (буквы и цифры, не больше 60).");
  });

  it("without JavaScript, cancelling goes through a confirm page, and the customer gets the reason", async () => {
    const order = await placeOrder("cash-pickup");
    const page = await signedIn(owner, { javaScript: false });
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByLabel("New status").selectOption("CANCELLED");
    await page.locator('select[name="reasonKind"]').selectOption("other");
    await page.locator('textarea[name="reasonText"]').fill("The palm leaf for this hat is out of season.");
    await page.getByRole("button", { name: "Update Status" }).click();
    await page.getByRole("heading", { name: `Cancel order ${order.orderNumber}?` }).waitFor();
    await expect(page.locator('textarea[name="reasonText"]').inputValue()).resolves.toBe("The palm leaf for this hat is out of season.");
    await page.getByRole("button", { name: "Yes, cancel the order" }).click();
    await expectBanner(page, "status", "The order is cancelled. The customer will be notified by e-mail.");
    await page
      .locator("#emails")
      .getByRole("link", { name: /cancelled/ })
      .click();
    await expect(page.locator("pre").textContent()).resolves.toContain("The palm leaf for this hat is out of season.");
  });

  it("answers 404 for an unknown or malformed order id, and for another order's e-mail", async () => {
    const cookie = await staffCookie(shop.baseURL, owner);
    const get = async (path: string) => (await fetch(`${shop.baseURL}${path}`, { headers: { Cookie: cookie }, redirect: "manual" })).status;
    const order = await placeOrder("cash-pickup");
    expect(await get(`/admin/orders/${order.id}`)).toBe(200);
    expect(await get("/admin/orders/00000000-0000-4000-8000-000000000000")).toBe(404);
    expect(await get("/admin/orders/1%27%20or%201=1")).toBe(404);
    expect(await get("/admin/orders/00000000-0000-4000-8000-000000000000/mail/1")).toBe(404);
    expect(await get(`/admin/orders/${order.id}/mail/abc`)).toBe(404);
  });
});
