import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, scrollsSideways, useBrowser } from "./browser.ts";
import { newStaffMember, placeCashOrder } from "./support/orders.ts";
import { signIn, testOwner } from "./support/staff.ts";

const browser = useBrowser();

/** A step of the console's API with the staff token: the order paid, then being made. */
async function post(path: string, body?: unknown) {
  const answer = await fetch(`${apiURL()}/api/admin/orders/${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${inject("staffToken")}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(answer.status).toBe(200);
}

/** A Lion Parcel order, paid and in progress: the next move is Shipped. */
async function orderToShip() {
  const order = await placeCashOrder();
  await post(`${order.id}/mark-paid`);
  await post(`${order.id}/status`, { next: "IN_PROGRESS" });
  return order;
}

describe("shipping an order from the console", () => {
  let english: { id: string; orderNumber: string };
  let russian: { id: string; orderNumber: string };
  beforeAll(async () => {
    english = await orderToShip();
    russian = await orderToShip();
  });

  it("preselects the carrier the customer chose, warns when another is picked, and links the carrier's own tracking page (1280 px)", async () => {
    const page = await browser.open({ width: 1280, height: 900 });
    await signIn(page, consoleURL(), testOwner, `/admin/orders/${english.id}`);
    await page.getByLabel("New status").selectOption({ label: "Shipped" });
    const carrier = page.getByLabel("Carrier", { exact: true });
    const warning = page.getByText("This is not the delivery the customer chose: Lion Parcel.");
    await expect.poll(() => carrier.inputValue()).toBe("Lion Parcel");
    expect(await warning.count()).toBe(0);

    await carrier.selectOption("DHL");
    await expect.poll(() => warning.isVisible()).toBe(true);
    await expectAccessible(page);
    await carrier.selectOption("OTHER");
    await page.getByLabel("Carrier's name").fill("lion parcel");
    await expect.poll(() => warning.count()).toBe(0);
    await carrier.selectOption("Lion Parcel");
    await expect.poll(() => warning.count()).toBe(0);

    await page.getByLabel("Tracking number").fill("11LP1700000077");
    await page.getByRole("button", { name: "Change status" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The order is shipped.");
    const link = page.getByRole("link", { name: /11LP1700000077/ });
    await expect.poll(() => link.getAttribute("href")).toBe("https://lionparcel.com/track/stt?q=11LP1700000077");
  });

  it("does so in Russian on a 390 px phone", async () => {
    const person = await newStaffMember("ru");
    const page = await browser.open({ width: 390, height: 844 });
    await signIn(page, consoleURL(), person, `/admin/orders/${russian.id}`);
    await page.getByLabel("Новый статус").selectOption({ label: "Отправлен" });
    const carrier = page.getByLabel("Перевозчик", { exact: true });
    const warning = page.getByText("Это не та доставка, которую выбрал покупатель: Lion Parcel.");
    await expect.poll(() => carrier.inputValue()).toBe("Lion Parcel");
    expect(await warning.count()).toBe(0);
    await carrier.selectOption("DHL");
    await expect.poll(() => warning.isVisible()).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    await carrier.selectOption("Lion Parcel");
    await expect.poll(() => warning.count()).toBe(0);
  });
});
