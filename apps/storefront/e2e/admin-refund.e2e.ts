import { describe, expect, inject, it } from "vitest";
import { signIn } from "#e2e/support/admin.ts";
import { baseURL, useBrowser } from "./fixtures.ts";
import { orderPayload } from "./samples.ts";

/** An owner refunds a double payment from the order page, against the built-in Xendit sandbox. */
const staff = () => ({ authorization: `Bearer ${inject("staffToken")}`, "content-type": "application/json" });
const post = (path: string, body: unknown, headers: Record<string, string> = staff()) =>
  fetch(baseURL() + path, { method: "POST", headers, body: JSON.stringify(body) });
const sandbox = async (path: string, body: object = {}) => expect((await post(`/_sandbox/xendit/_control${path}`, body)).ok).toBe(true);
async function requestPayment(orderId: string, channelCode: string): Promise<string> {
  const response = await post("/api/xendit/payment-request", { orderId, channelCode });
  expect(response.status).toBe(201);
  return ((await response.json()) as { xenditPaymentId: string }).xenditPaymentId;
}

const { open } = useBrowser();

describe("refunding a double payment from the order page", () => {
  it("shows why the payment needs its money back, refunds it after a confirmation, and shows the refund settle", async () => {
    const placed = await post("/api/orders", await orderPayload(baseURL()), { "content-type": "application/json" });
    const { id: orderId } = (await placed.json()) as { id: string };
    // The customer pays with DANA in one tab and with ShopeePay in another.
    const first = await requestPayment(orderId, "DANA");
    await sandbox("/webhooks", { paused: true });
    await sandbox(`/payment_requests/${first}/pay`);
    const second = await requestPayment(orderId, "SHOPEEPAY");
    await sandbox(`/payment_requests/${second}/pay`);
    await sandbox("/webhooks", { paused: false });

    const page = await open("/admin/login");
    await signIn(page, baseURL(), undefined, `/admin/orders/${orderId}`);
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByText("Paid twice: the order was already paid by another payment.").count();
      })
      .toBe(1);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: /^Refund Rp/ }).click();
    await page.getByRole("status").filter({ hasText: "The refund is sent to Xendit" }).waitFor();
    // The sandbox settles the refund by webhook; the page shows it refunded.
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator("#payment table").last().textContent();
      })
      .toMatch(/ShopeePay.*Duplicate payment.*Refunded/);
    await expect(page.getByRole("button", { name: /^Refund Rp/ }).count()).resolves.toBe(0);
    await expect(page.getByText("Refunded.").count()).resolves.toBe(1);
  });
});
