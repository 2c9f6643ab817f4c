import { customRequest } from "@workshop/testing/custom-request.ts";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { apiURL, shopURL } from "../browser.ts";

const bearer = () => ({ Authorization: `Bearer ${inject("staffToken")}`, "Content-Type": "application/json" });
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A custom hat's order with its deposit paid: a request sent through the public API, quoted by
 * staff through the console's API, accepted by the customer on the quote mail's link and paid by
 * BCA in the shop's checkout, the bank's part played by the Xendit sandbox.
 */
export async function depositPaidOrder(customer: Page): Promise<{ id: string; orderNumber: string; requestId: number }> {
  const sent = await fetch(`${apiURL()}/api/custom-orders`, { method: "POST", headers: bearer(), body: JSON.stringify(customRequest) });
  expect(sent.status).toBe(201);
  const { id: requestId } = (await sent.json()) as { id: number };
  const quote = { price: "185.50", description: "A natural straw fedora", productionTime: "3-4 weeks", validUntil: later(10) };
  const quoted = await fetch(`${apiURL()}/api/admin/custom-orders/${requestId}/quotes`, {
    method: "POST",
    headers: bearer(),
    body: JSON.stringify(quote),
  });
  expect(quoted.status, await quoted.clone().text()).toBe(201);
  const request = (await (await fetch(`${apiURL()}/api/admin/custom-orders/${requestId}`, { headers: bearer() })).json()) as {
    mails: { template: string; text: string }[];
  };
  const mail = request.mails.find((m) => m.template === "custom-quote")!;
  const link = new URL(mail.text.match(/https?:\/\/[^\s"<]+\/quotes\/[A-Za-z0-9_-]{32}/)![0]).pathname;

  await customer.goto(`${shopURL()}${link}`);
  await customer.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await customer.getByRole("button", { name: "Accept and pay the deposit" }).click();
  await customer.waitForURL(/\/checkout\/shipping$/);
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
  await customer.getByRole("radio", { name: "BCA Virtual Account", exact: true }).check();
  await customer.getByRole("button", { name: "Place Order" }).click();
  await customer.waitForURL(/\/checkout\/payment-instructions\?order_id=.+&payment_id=pr-/);
  const url = new URL(customer.url());
  const paid = await fetch(`${apiURL()}/_sandbox/xendit/_control/payment_requests/${url.searchParams.get("payment_id")}/pay`, {
    method: "POST",
    headers: bearer(),
    body: "{}",
  });
  expect(paid.ok, await paid.clone().text()).toBe(true);
  const id = url.searchParams.get("order_id")!;
  const order = (await (await fetch(`${apiURL()}/api/admin/orders/${id}`, { headers: bearer() })).json()) as {
    order: { orderNumber: string };
  };
  return { id, orderNumber: order.order.orderNumber, requestId };
}
