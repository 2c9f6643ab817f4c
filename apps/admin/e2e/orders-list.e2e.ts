import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, useBrowser } from "./browser.ts";
import { newStaffMember, placeCashOrder } from "./support/orders.ts";
import { signIn, testOwner } from "./support/staff.ts";

const browser = useBrowser();
/** A name only this file's orders have, so their search finds them among whatever the shared API holds. */
const tag = `Listcheck${Date.now().toString(36)}`;
let placed: { id: string; orderNumber: string }[] = [];

/** Marks an order paid through the console's API (a staff token), so it is Processing and Paid. */
async function markPaid(id: string) {
  const answer = await fetch(`${apiURL()}/api/admin/orders/${id}/mark-paid`, {
    method: "POST",
    headers: { Authorization: `Bearer ${inject("staffToken")}` },
  });
  expect(answer.status).toBe(200);
}

describe("the console's orders list", () => {
  beforeAll(async () => {
    placed = [];
    for (let i = 0; i < 3; i++) placed.push(await placeCashOrder({ fullName: `${tag} ${i}` }));
    // A name a spreadsheet would take for a formula.
    placed.push(await placeCashOrder({ fullName: `=HYPERLINK("http://evil.example","${tag}")` }));
    await markPaid(placed[1]!.id);
  });

  it("filters by status and payment, says when nothing matches, and answers odd searches like any other", async () => {
    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner, `/admin/orders?q=${tag}`);
    const rows = page.locator("table tbody tr");
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByRole("combobox", { name: /^Status/ }).selectOption({ label: "Processing" });
    await page.getByRole("combobox", { name: /^Payment/ }).selectOption({ label: "Paid" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("PROCESSING");
    await expect.poll(() => rows.count()).toBe(1);
    const text = await page.locator("tbody").textContent();
    expect(text).toContain(placed[1]!.orderNumber);
    expect(text).toContain("Processing");
    expect(text).toContain("Paid");
    await expectAccessible(page);

    await page.goto(`${consoleURL()}/admin/orders?q=${tag}&status=CANCELLED`);
    await expect.poll(() => page.getByText("No orders found.").isVisible()).toBe(true);
    // A NUL, wildcards or quotes: a search like any other, never an error.
    for (const q of ["\u0000", `${tag}\u0000`, "%%", "_", "\\", "'; drop table orders; --"]) {
      await page.goto(`${consoleURL()}/admin/orders?q=${encodeURIComponent(q)}`);
      await expect
        .poll(async () => (await page.getByText(/^(No orders found\.|Orders: \d+)$/).count()) > 0, {
          message: JSON.stringify(q.slice(0, 20)),
        })
        .toBe(true);
      expect(await page.getByRole("alert").count()).toBe(0);
    }
    // 500 characters (the search box takes 100): the address is refused with what is wrong, not a failure.
    await page.goto(`${consoleURL()}/admin/orders?q=${"a".repeat(500)}`);
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("q");
    // A wildcard is a character like any other: no order has one.
    await page.goto(`${consoleURL()}/admin/orders?q=${encodeURIComponent("%")}`);
    await expect.poll(() => page.getByText("No orders found.").isVisible()).toBe(true);
  });

  it("speaks Russian to a Russian-speaking staff member: the list, its empty state and its CSV", async () => {
    const page = await browser.open();
    await signIn(page, consoleURL(), await newStaffMember("ru"), `/admin/orders?q=${tag}&status=PROCESSING`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Заказы");
    await expect.poll(() => page.getByText("Заказов: 1").isVisible()).toBe(true);
    const text = await page.locator("tbody").textContent();
    expect(text).toContain("В обработке");
    expect(text).toContain("Оплачен");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /CSV/ }).click()]);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toMatch(/^\uFEFFНомер заказа,/);
    await page.goto(`${consoleURL()}/admin/orders?q=${tag}&status=CANCELLED`);
    await expect.poll(() => page.getByText("Заказы не найдены.").isVisible()).toBe(true);
  });

  it("exports the search as CSV with a byte order mark, a customer's formula defused", async () => {
    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner, `/admin/orders?q=${tag}`);
    await expect.poll(() => page.locator("table tbody tr").count()).toBe(4);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.trim().split("\n");
    expect(lines).toHaveLength(5);
    const formula = lines.find((line) => line.includes("HYPERLINK"))!;
    expect(formula).toContain(`"'=HYPERLINK(`);
    expect(formula).not.toMatch(/(^|,)"?=HYPERLINK/);
  });
});
