import { readFile } from "node:fs/promises";
import { orderPayload } from "@workshop/testing/sample-orders.ts";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, scrollsSideways, useBrowser } from "./browser.ts";
import { newStaffMember, placeCashOrder } from "./support/orders.ts";
import { signIn, testOwner } from "./support/staff.ts";

const browser = useBrowser();

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
    // The customer is e-mailed the carrier and the tracking number: the e-mail is listed, and reads so.
    const mails = page.getByRole("region", { name: "E-mails sent" });
    await expect.poll(() => mails.textContent()).toContain("Order shipped");
    await mails.getByRole("listitem").filter({ hasText: "Order shipped" }).getByRole("link").click();
    await expect.poll(() => page.locator("pre").textContent()).toContain("JD014600006281");
    expect(await page.locator("pre").textContent()).toContain("Lion Parcel");
    await page.getByRole("link", { name: `Back to order ${order.orderNumber}` }).click();

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
    // The pointer leaves the button it clicked: axe judges the page, not a hover's colours halfway through their transition.
    await page.mouse.move(0, 0);
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
    // The customer is told why, in the e-mail listed for the order.
    const mails = page.getByRole("region", { name: "E-mails sent" });
    await expect.poll(() => mails.textContent()).toContain("Order cancelled");
    await mails.getByRole("listitem").filter({ hasText: "Order cancelled" }).getByRole("link").click();
    await expect.poll(() => page.locator("pre").textContent()).toContain("The customer asked us to cancel.");
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

  it("lets an owner refund a double payment after its confirmation; staff see no refund controls", async () => {
    const headers = { Authorization: `Bearer ${inject("staffToken")}`, "Content-Type": "application/json" };
    const post = (path: string, body: unknown, extra: Record<string, string> = headers) =>
      fetch(`${apiURL()}${path}`, { method: "POST", headers: extra, body: JSON.stringify(body) });
    const sandbox = async (path: string, body: object = {}) => expect((await post(`/_sandbox/xendit/_control${path}`, body)).ok).toBe(true);
    const requestPayment = async (orderId: string, channelCode: string) => {
      const answer = await post("/api/xendit/payment-request", { orderId, channelCode });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { xenditPaymentId: string }).xenditPaymentId;
    };
    const placed = await post("/api/orders", await orderPayload(apiURL()), { "Content-Type": "application/json" });
    const online = (await placed.json()) as { id: string; orderNumber: string };
    // The customer pays with DANA in one tab and with ShopeePay in another.
    const first = await requestPayment(online.id, "DANA");
    await sandbox("/webhooks", { paused: true });
    await sandbox(`/payment_requests/${first}/pay`);
    const second = await requestPayment(online.id, "SHOPEEPAY");
    await sandbox(`/payment_requests/${second}/pay`);
    await sandbox("/webhooks", { paused: false });

    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner, `/admin/orders/${online.id}`);
    // The sandbox's webhooks are applied by a job: the page shows the double payment once they are.
    await expect
      .poll(
        async () => {
          await page.reload();
          // The page draws after its data arrives, which is after the reload's load event.
          await page.getByRole("heading", { level: 1, name: `Order ${online.orderNumber}` }).waitFor();
          return page.getByText("Paid twice: the order was already paid by another payment.").count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    // Paid online: nothing to mark paid by hand.
    expect(await page.getByRole("button", { name: "Mark as Paid" }).count()).toBe(0);
    // The second payment is offered first, in full, as a duplicate.
    expect(await page.getByRole("region", { name: "Refund a payment" }).getByLabel("Reason", { exact: true }).inputValue()).toBe(
      "DUPLICATE",
    );
    await page.getByRole("button", { name: "Refund…" }).click();
    await expect.poll(() => page.getByRole("heading", { name: /^Refund \$[\d,.]+ of order / }).textContent()).toContain(online.orderNumber);
    expect(await page.getByText(/goes back through Xendit to the customer's ShopeePay/).count()).toBe(1);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Yes, refund" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The refund is sent to Xendit");
    // The sandbox settles the refund by webhook; the page shows it refunded.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByRole("region", { name: "Payment", exact: true }).textContent();
        },
        { timeout: 30_000 },
      )
      .toContain("Refunded in full.");
    await expect.poll(() => page.getByRole("region", { name: "Payment", exact: true }).textContent()).toContain("Duplicate payment");
    // Only the order's own payment is left to refund; the order stays paid, not refunded.
    const refundForm = page.getByRole("region", { name: "Refund a payment" });
    expect(await refundForm.getByLabel("Payment", { exact: true }).locator("option").allTextContents()).toEqual([
      expect.stringMatching(/^Payment 1 \(DANA\)/),
    ]);
    expect(await page.locator("article > header").textContent()).not.toContain("refunded");

    // A staff member (not an owner) sees the order, its refunds, and no refund controls.
    const staff = await newStaffMember();
    const staffPage = await browser.open();
    await signIn(staffPage, consoleURL(), staff, `/admin/orders/${online.id}`);
    await expect.poll(() => staffPage.getByRole("region", { name: "Payment", exact: true }).textContent()).toContain("Duplicate payment");
    expect(await staffPage.getByText("Paid twice: the order was already paid by another payment.").count()).toBe(0);
    expect(await staffPage.getByRole("button", { name: /^Refund/ }).count()).toBe(0);
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
