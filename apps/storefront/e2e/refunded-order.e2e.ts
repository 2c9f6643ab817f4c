import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { apiURL, expectAccessible, useBrowser } from "./fixtures.ts";
import { placedOrder } from "./samples.ts";

/** The customer's order page says what went back of the money, in English and Russian (decision 047). */

const browser = useBrowser();
const staff = () => ({ authorization: `Bearer ${inject("staffToken")}`, "content-type": "application/json" });
const post = (url: string, body: unknown, headers: Record<string, string> = staff()) =>
  fetch(`${apiURL()}${url}`, { method: "POST", headers, body: JSON.stringify(body) });

/** An order paid with DANA in the sandbox (or `short` rupiah short of it) and its private page's token (read as the browser that placed it). */
async function paidOrder(short = 0): Promise<{ id: string; token: string }> {
  const { id, token } = await placedOrder(apiURL());
  const payment = await post("/api/xendit/payment-request", { orderId: id, channelCode: "DANA" });
  const { xenditPaymentId } = (await payment.json()) as { xenditPaymentId: string };
  const { totalIdr } = (await (await fetch(`${apiURL()}/api/orders/${id}`, { headers: staff() })).json()) as { totalIdr: number };
  const pay = await post(`/_sandbox/xendit/_control/payment_requests/${xenditPaymentId}/pay`, short ? { amount: totalIdr - short } : {});
  expect(pay.ok, await pay.clone().text()).toBe(true);
  if (short) {
    // The wrong amount leaves the order unpaid; its payment is flagged for a refund.
    await expect
      .poll(async () => (await (await fetch(`${apiURL()}/api/orders/${id}/refunds`, { headers: staff() })).json()).payments[0]?.cause)
      .toBe("wrong-amount");
    return { id, token };
  }
  await expect
    .poll(async () => (await (await fetch(`${apiURL()}/api/orders/${id}`, { headers: staff() })).json()).paymentStatus)
    .toBe("SUCCEEDED");
  return { id, token };
}

/** Refunds `amountUsdCents` (none: the rest) and waits for Xendit's sandbox to settle it. */
async function refund(orderId: string, amountUsdCents?: number) {
  const listing = async () =>
    (await (await fetch(`${apiURL()}/api/orders/${orderId}/refunds`, { headers: staff() })).json()) as {
      payments: { paymentAttemptId: string }[];
      refunds: { status: string }[];
    };
  const { payments } = await listing();
  const made = await post(`/api/orders/${orderId}/refunds`, {
    paymentAttemptId: payments[0]!.paymentAttemptId,
    reason: "REQUESTED_BY_CUSTOMER",
    ...(amountUsdCents ? { amountUsdCents } : {}),
  });
  expect(made.status, await made.clone().text()).toBe(201);
  await expect.poll(async () => (await listing()).refunds.every((r) => r.status === "SUCCEEDED")).toBe(true);
}

/** The header's term and what it says: "Payment" → "Partly refunded". */
const said = (page: Page, term: string) =>
  page
    .locator("header dl div")
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator("dd");

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

describe("a refunded order's page", () => {
  it("says partly refunded, then refunded and returned, with each refund and when it arrives, in English and Russian", async () => {
    const order = await paidOrder();
    await refund(order.id, 3_000);

    const en = await browser.open(`/orders/${order.token}`, { width: 1280 });
    expect(await said(en, "Payment").textContent()).toBe("Partly refunded");
    const refunds = en.getByRole("region", { name: "Refunds" });
    expect(await refunds.textContent()).toMatch(/\$30\.00 \(Rp [\d.]+\)/);
    expect(await refunds.textContent()).toContain("Back the way you paid (DANA); it reaches you within 5–7 business days.");
    await expectAccessible(en);

    // The rest goes back, and the hat came back: the order says so; its status keeps its value.
    for (const next of [
      { next: "IN_PROGRESS" },
      { next: "SHIPPED", carrier: "DHL", trackingNumber: "JD0146000099" },
      { next: "DELIVERED" },
    ])
      expect((await post(`/api/admin/orders/${order.id}/status`, next)).status).toBe(200);
    expect((await post(`/api/orders/${order.id}/return`, { kind: "RETURN" })).status).toBe(201);
    await refund(order.id);

    for (const width of [1280, 390]) {
      const page = await browser.open(`/orders/${order.token}`, { width });
      expect(await said(page, "Payment").textContent()).toBe("Refunded");
      expect(await said(page, "Order status").textContent()).toBe("Delivered");
      expect(await said(page, "Return").textContent()).toBe("Received back");
      expect(await page.getByRole("region", { name: "Refunds" }).textContent()).toMatch(/Refunded so far: \$[\d,]+\.\d\d \(Rp [\d.]+\)/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
      await screenshot(page, `order-refunded-en-${width}`);

      const ru = await browser.open(`/ru/orders/${order.token}`, { width, locale: "ru-RU" });
      expect(await said(ru, "Оплата").textContent()).toBe("Возвращено");
      expect(await said(ru, "Возврат").textContent()).toBe("Шляпа получена обратно");
      const list = ru.getByRole("region", { name: "Возвраты" });
      expect(await list.textContent()).toContain("Тем же способом, которым вы платили (DANA); деньги поступят в течение 5–7 рабочих дней.");
      expect(await list.textContent()).toMatch(/Всего возвращено: \$[\d,]+\.\d\d \(Rp [\d.]+\)/);
      expect(await ru.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
      await expectAccessible(ru);
      await screenshot(ru, `order-refunded-ru-${width}`);
    }
  });

  it("keeps an unpaid order's payment status, with its Pay now, beside the refund of a payment of the wrong amount", async () => {
    const order = await paidOrder(5_000);
    await refund(order.id);
    for (const width of [1280, 390]) {
      const en = await browser.open(`/orders/${order.token}`, { width });
      expect(await said(en, "Payment").locator(":scope > *").allTextContents()).toEqual(["Pending", "Refunded"]);
      expect(await en.getByRole("button", { name: "Pay Now" }).count()).toBe(1);
      expect(await en.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
      await expectAccessible(en);
      await screenshot(en, `order-unpaid-refunded-en-${width}`);

      const ru = await browser.open(`/ru/orders/${order.token}`, { width, locale: "ru-RU" });
      expect(await said(ru, "Оплата").locator(":scope > *").allTextContents()).toEqual(["Ожидается", "Возвращено"]);
      expect(await ru.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
      await screenshot(ru, `order-unpaid-refunded-ru-${width}`);
    }
  });
});
