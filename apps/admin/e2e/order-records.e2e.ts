import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { consoleURL, expectAccessible, scrollsSideways, useBrowser } from "./browser.ts";
import { depositPaidOrder } from "./support/deposit-order.ts";
import { newStaffMember, placeCashOrder } from "./support/orders.ts";
import { ownerName, signIn, testOwner } from "./support/staff.ts";

const browser = useBrowser();

/** The order page drawn again with what the API holds now (the console draws once its data arrives). */
async function reloaded(page: Page, orderNumber: string) {
  await page.reload();
  await page.getByRole("heading", { level: 1, name: new RegExp(orderNumber) }).waitFor();
}

const rawCodes = /\b(SUCCEEDED|PENDING|DEPOSIT_PAID|AWAITING_PREPAYMENT|CREATING|EXPIRED|FAILED)\b/;

describe("an order's payments, e-mails and changes in the console", () => {
  it("shows a custom hat's deposit and balance, sends the balance link once, then again, with statuses as labels", async () => {
    const customer = await browser.open();
    const order = await depositPaidOrder(customer);
    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner, `/admin/orders/${order.id}`);
    const payment = page.getByRole("region", { name: "Payment", exact: true });
    // The sandbox's webhook is applied by a job: the page shows the deposit paid once it is.
    await expect
      .poll(
        async () => {
          await reloaded(page, order.orderNumber);
          return payment.textContent();
        },
        { timeout: 30_000 },
      )
      .toContain("Deposit$92.75");
    const text = (await payment.textContent()) ?? "";
    expect(text).toMatch(/Deposit\$92\.75 \(Rp[\d.,\s]+\) · paid/);
    expect(text).toMatch(/Balance\$[\d.,]+ \(Rp[\d.,\s]+\) · not paid/);
    // The attempt: which part it paid, and its status by label.
    const attempt = payment.locator("[data-attempt='1']");
    expect(await attempt.textContent()).toContain("Deposit");
    expect(await attempt.textContent()).toContain("Paid");
    expect(text).not.toMatch(rawCodes);

    const balance = page.getByRole("region", { name: "Balance payment link" });
    expect(await balance.textContent()).toContain("e-mail ayu@example.com the link to pay the balance");
    await expectAccessible(page);
    await balance.getByRole("button", { name: "Send balance payment link" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The balance payment link is e-mailed to the customer.");
    await expect.poll(() => payment.textContent()).toMatch(/· link sent, not paid/);
    const mails = page.getByRole("region", { name: "E-mails sent" });
    await expect.poll(() => mails.getByText(/Balance payment link/).count()).toBe(1);

    // Sent: the button reminds the customer, and each click is one more e-mail.
    expect(await balance.textContent()).toContain("The balance link was sent. Send it again to remind ayu@example.com.");
    await balance.getByRole("button", { name: "Send the balance link again" }).click();
    await expect.poll(() => mails.getByText(/Balance payment link/).count()).toBe(2);
    const changes = page.getByRole("region", { name: "Changes" });
    await expect.poll(() => changes.getByText(`Balance link sent · ${ownerName}`, { exact: false }).count()).toBe(2);
    expect(await page.getByRole("region", { name: "History" }).textContent()).toContain(`Balance payment link sent · ${ownerName}`);
    expect(await mails.textContent()).not.toMatch(/· (pending|sending|sent|kept|failed)\b/);

    // A phone shows the lines and the button without sideways scrolling.
    const phone = await browser.open({ width: 390, height: 844 });
    await signIn(phone, consoleURL(), testOwner, `/admin/orders/${order.id}`);
    await phone.getByRole("button", { name: "Send the balance link again" }).waitFor();
    expect(await scrollsSideways(phone)).toBe(false);
  });

  it("lists the e-mails sent, reads one as text (its markup never runs), and lists the changes by who made them", async () => {
    const order = await placeCashOrder();
    const page = await browser.open();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signIn(page, consoleURL(), testOwner, `/admin/orders/${order.id}`);
    const mails = page.getByRole("region", { name: "E-mails sent" });
    await expect.poll(() => mails.textContent()).toContain("Order received");

    await page.getByLabel("Subject").fill("Your band");
    await page.getByLabel("Message").fill('Which band? <img src="x" onerror="window.ran = true"><script>window.ran = true</script>');
    await page.getByRole("button", { name: "Send E-mail" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The e-mail to the customer is queued for sending.");
    await page.getByRole("button", { name: "Mark as Paid" }).click();
    await page.getByRole("button", { name: "Yes, mark as paid" }).click();
    await expect.poll(() => mails.textContent()).toContain("Payment confirmed");
    expect(await mails.textContent()).toContain("Message from staff");
    expect(await mails.textContent()).toContain("to made@example.com");

    const changes = page.getByRole("region", { name: "Changes" });
    await expect.poll(() => changes.getByRole("listitem").filter({ hasText: "Marked as paid" }).count()).toBe(1);
    expect(await changes.textContent()).toContain(`E-mail sent · ${ownerName}`);
    await expectAccessible(page);

    await mails.getByRole("link", { name: "Read the e-mail “Your band”" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^/admin/orders/${order.id}/mail/\\d+$`));
    await page.getByRole("heading", { level: 1, name: "E-mail: Your band" }).waitFor();
    expect(await page.locator("pre").textContent()).toContain('<img src="x" onerror="window.ran = true">');
    expect(await page.locator("article dl").textContent()).toContain("Message from staff");
    expect(await page.evaluate(() => (window as { ran?: boolean }).ran)).toBeUndefined();
    expect(await page.locator("article img, article iframe:not([sandbox])").count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: `Back to order ${order.orderNumber}` }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/orders/${order.id}`);

    // Another order's e-mail, or none: said so.
    const mailPath = (await mails.getByRole("link").first().getAttribute("href"))!;
    const other = await placeCashOrder();
    for (const path of [mailPath.replace(order.id, other.id), `/admin/orders/${order.id}/mail/999999`]) {
      await page.goto(`${consoleURL()}${path}`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("E-mail not found");
    }
    expect(errors).toEqual([]);
  });

  it("speaks Russian to a Russian-speaking staff member: labels, the e-mails and changes, what was done and what was refused", async () => {
    const order = await placeCashOrder();
    const page = await browser.open();
    await signIn(page, consoleURL(), await newStaffMember("ru"), `/admin/orders/${order.id}`);
    await page.getByRole("heading", { level: 1, name: `Заказ ${order.orderNumber}` }).waitFor();
    await page.getByRole("button", { name: "Отметить оплату" }).click();
    await page.getByRole("button", { name: "Да, оплачен" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Заказ отмечен оплаченным.");
    await expect.poll(() => page.getByRole("region", { name: "Отправленные письма" }).textContent()).toContain("Оплата получена");
    await expect.poll(() => page.getByRole("region", { name: "Изменения" }).textContent()).toContain("Отмечен как оплаченный");
    await page.getByLabel("Новый статус").selectOption({ label: "В работе" });
    await page.getByRole("button", { name: "Сменить статус" }).click();
    await page.getByLabel("Новый статус").selectOption({ label: "Отправлен" });
    // No tracking number: refused, in Russian.
    await page.getByRole("button", { name: "Сменить статус" }).click();
    await expect.poll(() => page.getByText("Обязательное поле").count()).toBe(1);
    // The history in Russian, as the old page had it.
    expect(await page.getByRole("region", { name: "История" }).textContent()).toContain("Оплата принята в мастерской · Wayan");
    for (const name of ["Оплата", "Отправленные письма"])
      expect(await page.getByRole("region", { name, exact: true }).textContent()).not.toMatch(rawCodes);
  });
});
