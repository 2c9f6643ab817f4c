import { readFileSync } from "node:fs";
import { formatUsd } from "@workshop/domain/money.ts";
import { type DashboardAnswer, dashboardAnswer, orderListAnswer } from "@workshop/domain/staff-api.ts";
import { orderPayload } from "@workshop/testing/sample-orders.ts";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, scrollsSideways, useBrowser } from "./browser.ts";
import { openSignedIn, testOwner } from "./support/staff.ts";

const browser = useBrowser();

/** Places `count` orders through the shop's API, alternating between the hats in stock. */
async function placeOrders(count: number): Promise<string[]> {
  const products = (await (await fetch(`${apiURL()}/api/products`)).json()) as {
    id: number;
    price: number;
    inStock: boolean;
    sizes: { sizeInCm: number }[];
  }[];
  const inStock = products.filter((p) => p.inStock);
  const base = await orderPayload(apiURL());
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const product = inStock[i % inStock.length]!;
    const body = {
      ...base,
      productId: product.id,
      selectedSize: product.sizes[0]!.sizeInCm,
      price: product.price,
      total: product.price + 30,
    };
    const answer = await fetch(`${apiURL()}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (answer.status !== 201) throw new Error(`Order refused: ${answer.status} ${await answer.text()}`);
    numbers.push(((await answer.json()) as { orderNumber: string }).orderNumber);
  }
  return numbers;
}

describe("the staff console on its own origin", () => {
  // The API is shared by the test files: the dashboard is read before these orders are placed.
  let before: DashboardAnswer;
  let ordersBefore: number;
  beforeAll(async () => {
    const headers = { Authorization: `Bearer ${inject("staffToken")}` };
    before = dashboardAnswer.parse(await (await fetch(`${apiURL()}/api/admin/dashboard`, { headers })).json());
    ordersBefore = orderListAnswer.parse(await (await fetch(`${apiURL()}/api/admin/orders`, { headers })).json()).total;
    await placeOrders(30);
  });

  it("says on /healthz which release of the console it serves", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    const response = await fetch(`${consoleURL()}/healthz`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", app: "@workshop/admin", version });
  });

  it("leads the address staff type (the bare origin) to the console, and publishes no source maps nor the build's manifest", async () => {
    const bare = await fetch(`${consoleURL()}/`, { redirect: "manual" });
    expect(bare.status).toBe(302);
    expect(bare.headers.get("location")).toBe("/admin");
    const page = await browser.open();
    await page.goto(consoleURL());
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/login");

    const html = await (await fetch(`${consoleURL()}/admin`)).text();
    const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const script = await fetch(`${consoleURL()}${entry}`);
    expect(script.status).toBe(200);
    expect(await script.text()).not.toContain("sourceMappingURL");
    for (const file of [`${entry}.map`, "/.vite/manifest.json"]) expect((await fetch(`${consoleURL()}${file}`)).status, file).toBe(404);
  });

  it("refuses a wrong password, signs the owner in, shows the dashboard with money, and signs out", async () => {
    const page = await browser.open();
    await page.goto(`${consoleURL()}/admin/orders`);
    // Signed out: the sign-in page, which will come back to the orders.
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/login");
    await page.getByLabel("E-mail").fill(testOwner.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Wrong e-mail or password.");
    await expect.poll(() => page.getByLabel("Password").inputValue()).toBe("");
    await expectAccessible(page);

    await page.getByLabel("Password").fill(testOwner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/orders");
    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect
      .poll(() => page.locator('[data-count="awaiting-payment"]').textContent())
      .toBe(String(before.counts["awaiting-payment"] + 30));
    await expect.poll(() => page.locator('[data-money="week"]').textContent()).toContain(formatUsd(before.money.paidThisWeek.usdCents));
    await expectAccessible(page);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("You have signed out.");
    await page.goto(`${consoleURL()}/admin`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/login");
  });

  it("keeps the orders list's filters, sort and page in its address, paged by the API", async () => {
    const page = await browser.open();
    await openSignedIn(page, { apiURL: apiURL(), consoleURL: consoleURL() }, testOwner, "/admin/orders");
    const rows = page.locator("table tbody tr");
    await expect.poll(() => rows.count()).toBe(25);
    await expect.poll(() => page.getByText(`Orders: ${ordersBefore + 30}`).isVisible()).toBe(true);

    await page.getByRole("link", { name: "Page 2" }).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
    // Other files' orders come before this file's 30 on the shared API: page 2 may be full too.
    await expect.poll(() => rows.count()).toBe(Math.min(25, ordersBefore + 30 - 25));

    // Sorting by total starts with the dearest and leaves page 2.
    await page.getByRole("button", { name: /total/i }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("-total");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    const totals = async () =>
      (await page.locator("table tbody tr td:nth-child(5)").allTextContents()).map((text) =>
        Number(text.match(/\$([\d,]+\.\d\d)/)![1]!.replace(/,/g, "")),
      );
    await expect
      .poll(async () => {
        const shown = await totals();
        return shown.length === 25 && shown.every((v, i) => i === 0 || shown[i - 1]! >= v);
      })
      .toBe(true);
    await expect.poll(() => page.locator("th[aria-sort]").getAttribute("aria-sort")).toBe("descending");

    // A search and a filter go into the address; reloading shows the same list.
    await page.getByLabel("Search").fill("no such customer");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("no such customer");
    await expect.poll(() => page.getByText("No orders found.").isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByText("No orders found.").isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel("Search").inputValue()).toBe("no such customer");

    // A hand-made address the API refuses says what is wrong.
    await page.goto(`${consoleURL()}/admin/orders?status=LOST`);
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("status");
    await expectAccessible(page);
  });

  it("on a 390 px phone: every tab reachable without sideways scrolling, orders as cards, filters behind one button, in Russian too", async () => {
    const page = await browser.open({ width: 390, height: 844 });
    await openSignedIn(page, { apiURL: apiURL(), consoleURL: consoleURL() }, testOwner, "/admin/orders");
    expect(await scrollsSideways(page)).toBe(false);
    for (const name of ["Dashboard", "Orders", "Products", "Custom Orders", "Inbox", "Staff", "Audit", "Account"]) {
      const tab = page.getByRole("navigation").getByRole("link", { name, exact: true });
      await expect.poll(() => tab.isVisible()).toBe(true);
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expect.poll(() => page.getByRole("list", { name: "Orders" }).getByRole("listitem").count()).toBe(25);
    expect(await page.getByLabel("Search").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Filters" }).click();
    await expect.poll(() => page.getByLabel("Search").isVisible()).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page);

    await page.getByLabel("Language").selectOption("ru");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Заказы");
    await expect.poll(() => page.getByRole("list", { name: "Заказы" }).getByText("Ожидает").first().isVisible()).toBe(true);
    // The same moment in Russian conventions: "27 нояб. 2026, 16:57".
    await expect
      .poll(() => page.getByRole("list", { name: "Заказы" }).getByRole("listitem").first().textContent())
      .toMatch(/\d{1,2} [а-я]+\.? \d{4}, \d{2}:\d{2}/);
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByLabel("Язык").selectOption("en");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Orders");
  });
});
