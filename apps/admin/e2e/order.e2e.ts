import { readFile } from "node:fs/promises";
import { baliAddress, orderPayload } from "@workshop/api/test-support/sample-orders.ts";
import { deliveryCostCents } from "@workshop/domain/delivery.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, scrollsSideways, useBrowser } from "./browser.ts";
import { signIn, testOwner } from "./support/staff.ts";

const browser = useBrowser();

/** A cash-in-store order placed through the shop's API (cash needs a Bali address), sent by Lion Parcel. */
async function placeCashOrder(): Promise<{ id: string; orderNumber: string }> {
  const base = await orderPayload(apiURL());
  const cost = deliveryCostCents("LION_PARCEL") / 100;
  const body = {
    ...base,
    shippingAddress: baliAddress,
    shipping: { method: "LION_PARCEL", cost },
    total: base.price + cost,
    paymentMethod: "CASH_IN_STORE",
  };
  const answer = await fetch(`${apiURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (answer.status !== 201) throw new Error(`Order refused: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as { id: string; orderNumber: string };
}

describe("an order in the console", () => {
  let order: { id: string; orderNumber: string };
  beforeAll(async () => {
    order = await placeCashOrder();
  });

  it("opens from the list, is marked paid, made and shipped, gets a note, and its history names each step", async () => {
    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner, "/admin/orders");
    await page.getByLabel("Search").fill(order.orderNumber);
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("link", { name: `View details of order ${order.orderNumber}` }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/orders/${order.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Order ${order.orderNumber}`);
    await expectAccessible(page);

    // Mark as Paid asks first.
    await page.getByRole("button", { name: "Mark as Paid" }).click();
    await expect.poll(() => page.getByRole("heading", { name: `Mark order ${order.orderNumber} as paid?` }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Yes, mark as paid" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The order is marked as paid.");
    await expect.poll(() => page.getByRole("button", { name: "Mark as Paid" }).count()).toBe(0);

    // Only the allowed moves are offered: the hat is made first, then shipped.
    await expect.poll(() => page.getByLabel("New status").locator("option").allTextContents()).not.toContain("Shipped");
    await page.getByLabel("New status").selectOption({ label: "In progress" });
    await page.getByRole("button", { name: "Change status" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The status is now In progress.");

    await page.getByLabel("New status").selectOption({ label: "Shipped" });
    await page.getByRole("button", { name: "Change status" }).click();
    await expect.poll(() => page.getByText("This is required").count()).toBe(1);
    await page.getByLabel("Carrier", { exact: true }).selectOption("Lion Parcel");
    await page.getByLabel("Tracking number").fill("JD014600006281");
    await page.getByRole("button", { name: "Change status" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The order is shipped.");
    await expect.poll(() => page.getByRole("link", { name: /JD014600006281/ }).isVisible()).toBe(true);

    // A note is kept, and its form empties so it is not saved twice.
    const note = page.getByLabel("Note (only staff see it)");
    await note.fill("Wrapped in batik for the trip.");
    await page.getByRole("button", { name: "Add Note" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The note is added.");
    await expect.poll(() => note.inputValue()).toBe("");
    await expect.poll(() => page.getByRole("region", { name: "Staff notes" }).textContent()).toContain("Wrapped in batik for the trip.");

    // Each step in the history, by its one label.
    const history = page.getByRole("region", { name: "History" });
    for (const step of ["Processing", "In progress", "Shipped"])
      await expect.poll(() => history.getByText(step, { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => history.getByText("Paid", { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(page);
  });

  it("e-mails the customer from a ready text once, and cancels an order only after asking", async () => {
    const other = await placeCashOrder();
    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner, `/admin/orders/${other.id}`);
    await page.getByLabel("Ready text").selectOption({ label: "A question about your order" });
    await page.getByRole("button", { name: "Use this text" }).click();
    await expect.poll(() => page.getByLabel("Subject").inputValue()).toContain(other.orderNumber);
    await page.getByRole("button", { name: "Send E-mail" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The e-mail to the customer is queued for sending.");
    await expect.poll(() => page.getByLabel("Subject").inputValue()).toBe("");

    await page.getByLabel("New status").selectOption({ label: "Cancelled" });
    await page.getByLabel(/^Reason for cancelling/).fill("The customer asked us to cancel.");
    await page.getByRole("button", { name: "Change status" }).click();
    await expect.poll(() => page.getByRole("heading", { name: `Cancel order ${other.orderNumber}?` }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Yes, cancel the order" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The order is cancelled.");
    await expect.poll(() => page.getByRole("region", { name: "History" }).getByText("Cancelled", { exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByRole("button", { name: "Mark as Paid" }).count()).toBe(0);
  });

  it("exports the list's current filters as CSV, statuses by their labels", async () => {
    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner, `/admin/orders?q=${order.orderNumber}`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, "utf8"))
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${order.orderNumber},`);
    expect(lines[1]).toContain(",Shipped,Paid,");
  });

  it("says so for an unknown order", async () => {
    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner, "/admin/orders/00000000-0000-4000-8000-000000000000");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Order not found");
  });

  it("fits a 390 px phone without sideways scrolling", async () => {
    const page = await browser.open({ width: 390, height: 844 });
    await signIn(page, consoleURL(), testOwner, `/admin/orders/${order.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Order ${order.orderNumber}`);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page);
  });
});
