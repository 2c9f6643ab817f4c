import { customRequest } from "@workshop/testing/custom-request.ts";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, scrollsSideways, useBrowser } from "./browser.ts";
import { ownerName, signIn, testOwner } from "./support/staff.ts";

const browser = useBrowser();

/** A custom hat request through the shop's public API, as the /custom page's script sends it. */
async function sendCustomRequest(fields: Partial<typeof customRequest> = {}): Promise<number> {
  const response = await fetch(`${apiURL()}/api/custom-orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...customRequest, ...fields }),
  });
  if (response.status !== 201) throw new Error(`The custom request was refused (${response.status}): ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** The table row of a request (a wide screen). */
const rowOf = (page: Page, id: number) => page.locator("table tbody tr", { hasText: `#C${id} ·` });

let ayu: number;
let irina: number;

describe("custom requests in the staff console", () => {
  beforeAll(async () => {
    ayu = await sendCustomRequest();
    irina = await sendCustomRequest({ name: "Ирина", email: "irina@example.com", hatType: "Panama Hat", material: "Woven Palm Leaf" });
  });

  it("lists a new request as New; its page moves the status, saves notes, e-mails the customer and sends a quote", async () => {
    const page = await browser.open();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signIn(page, consoleURL(), testOwner, "/admin");
    // The dashboard's count opens the new requests, in the console.
    await page.getByRole("link", { name: /New custom requests/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?status=NEW");
    await expect.poll(() => rowOf(page, ayu).textContent()).toContain("New");
    expect(await rowOf(page, ayu).textContent()).toContain("Fedora");
    await expectAccessible(page);

    await page.getByRole("link", { name: `#C${ayu} · Ayu Lestari` }).click();
    await page.getByRole("heading", { level: 1, name: `Custom request #C${ayu}` }).waitFor();
    await page.getByText("A fedora with a wide band", { exact: true }).waitFor();

    await page.getByLabel("New status").selectOption({ label: "Contacted" });
    await page.getByRole("button", { name: "Update Status" }).click();
    await page.getByRole("status").filter({ hasText: "The status is now Contacted." }).waitFor();
    await expect.poll(() => page.getByText("Current status: Contacted").isVisible()).toBe(true);

    // Notes: saved, then the form holds the saved text and leaving asks nothing.
    await page.getByRole("textbox", { name: "Admin Notes" }).fill("Prefers a natural band");
    await page.getByRole("button", { name: "Save Notes" }).click();
    await page.getByRole("status").filter({ hasText: "The notes are saved." }).waitFor();
    expect(await page.getByRole("textbox", { name: "Admin Notes" }).inputValue()).toBe("Prefers a natural band");

    // An e-mail: sent once, then the form is empty again.
    await page.getByRole("textbox", { name: "Message" }).fill("Which colour of band would you like?");
    await page.getByRole("button", { name: "Contact Customer" }).click();
    await page.getByRole("status").filter({ hasText: "Your e-mail is queued and will be sent to ayu@example.com." }).waitFor();
    await expect.poll(() => page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("");
    await expect.poll(() => page.getByRole("region", { name: "E-mails about this request" }).textContent()).toContain("From staff");
    await expectAccessible(page);

    // Unsent text asks before leaving.
    await page.getByRole("textbox", { name: "Message" }).fill("Half a thought");
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("link", { name: "Quotes, deposit and balance" }).click();
    await expect.poll(() => asked).toEqual(["Your text is not saved or sent yet. Leave this page and lose it?"]);
    await page.getByRole("textbox", { name: "Message" }).fill("");

    await page.getByRole("link", { name: "Quotes, deposit and balance" }).click();
    await page.getByRole("heading", { level: 1, name: `Quote for request #C${ayu}` }).waitFor();
    await page.getByRole("button", { name: "Send the quote" }).click();
    await page.getByText("Enter a price in USD from 1 to 100,000, with at most two decimals").waitFor();
    await page.getByLabel("Price (USD)").fill("185.50");
    await page.getByLabel("What will be made").fill("A straw fedora with a natural band");
    await page.getByRole("button", { name: "Send the quote" }).click();
    await page.getByRole("status").filter({ hasText: "Quote sent to ayu@example.com." }).waitFor();
    const quotes = page.getByRole("region", { name: "Quotes" });
    await expect.poll(() => quotes.getByRole("listitem").count()).toBe(1);
    expect(await quotes.textContent()).toContain("$92.75");
    expect(await quotes.locator("[data-quote-state=open]").textContent()).toContain("Sent");
    await expectAccessible(page);

    await page.getByRole("link", { name: `Request #C${ayu}` }).click();
    await expect.poll(() => page.getByText("Current status: Quoted").isVisible()).toBe(true);
    // Its changes, newest first, named as the audit log names them, each by who made it.
    const changes = page.getByRole("region", { name: "Changes" });
    const actions = ["Custom request customer e-mailed", "Custom request notes saved", "Custom request status changed"];
    for (const action of actions)
      await expect.poll(() => changes.getByText(`${action} · ${ownerName}`, { exact: false }).count()).toBeGreaterThan(0);
    expect(await changes.textContent()).toContain("Status: New → Contacted");
    expect(errors).toEqual([]);
  });

  it("starts a first quote's production time from the request's timeline, where one of the three fits", async () => {
    const weeks = await sendCustomRequest({ name: "Wayan", email: "wayan@example.com", timeline: "3-4 weeks" });
    const months = await sendCustomRequest({ name: "Nyoman", email: "nyoman@example.com", timeline: "1-2 months" });
    const flexible = await sendCustomRequest({ name: "Ketut", email: "ketut@example.com", timeline: "Flexible" });
    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner, `/admin/custom-orders/${weeks}/quote`);
    const production = page.getByLabel("Production time");
    // Asked for 3-4 weeks, and no quote yet: the form starts there.
    await page.getByRole("heading", { level: 1, name: `Quote for request #C${weeks}` }).waitFor();
    await expect.poll(() => production.inputValue()).toBe("3-4 weeks");
    // '1-2 months': the longest production time, which lies within it.
    await page.goto(`${consoleURL()}/admin/custom-orders/${months}/quote`);
    await page.getByRole("heading", { level: 1, name: `Quote for request #C${months}` }).waitFor();
    await expect.poll(() => production.inputValue()).toBe("4-6 weeks");
    expect(await production.locator("option:checked").textContent()).toBe("4–6 weeks");
    // 'Flexible' asks for none: the first of the three, as before.
    await page.goto(`${consoleURL()}/admin/custom-orders/${flexible}/quote`);
    await page.getByRole("heading", { level: 1, name: `Quote for request #C${flexible}` }).waitFor();
    await expect.poll(() => production.inputValue()).toBe("1-2 weeks");
  });

  it("refuses a status change over someone else's, shows the request as it is now, and offers only the allowed moves", async () => {
    const id = await sendCustomRequest({ name: "Kadek", email: "kadek@example.com" });
    const [mine, theirs] = [await browser.open(), await browser.open()];
    for (const page of [mine, theirs]) {
      await signIn(page, consoleURL(), testOwner, `/admin/custom-orders/${id}`);
      await page.getByRole("heading", { level: 1, name: `Custom request #C${id}` }).waitFor();
    }
    await theirs.getByLabel("New status").selectOption({ label: "Contacted" });
    await theirs.getByRole("button", { name: "Update Status" }).click();
    await theirs.getByRole("status").filter({ hasText: "The status is now Contacted." }).waitFor();

    // This page still shows New: its change is refused and nothing changes.
    await mine.getByLabel("New status").selectOption({ label: "Cancelled" });
    // Cancelling asks first (it is final).
    const asked: string[] = [];
    mine.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await mine.getByRole("button", { name: "Update Status" }).click();
    await expect.poll(() => asked.length).toBe(1);
    await mine
      .getByText("Someone else changed this request meanwhile; nothing was changed. The page now shows its current state.")
      .waitFor();
    await expect.poll(() => mine.getByText("Current status: Contacted").isVisible()).toBe(true);
    // Back to New is no move the request allows: it is not offered.
    expect(await mine.getByLabel("New status").locator("option").allTextContents()).not.toContain("New");
    const changes = mine.getByRole("region", { name: "Changes" });
    await expect.poll(() => changes.getByRole("listitem").filter({ hasText: "Custom request status changed" }).count()).toBe(1);
  });

  it("sends a visitor who is not signed in to the sign-in page, and back to the request after it", async () => {
    const page = await browser.open();
    await page.goto(`${consoleURL()}/admin/custom-orders/${ayu}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/login");
    expect(await page.getByText("Ayu Lestari").count()).toBe(0);
    const refused = await fetch(`${apiURL()}/api/admin/custom-orders/${ayu}/notes`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: consoleURL() },
      body: JSON.stringify({ notes: "Not staff", version: "x" }),
    });
    expect(refused.status).toBe(401);
    await page.getByLabel("E-mail").fill(testOwner.email);
    await page.getByLabel("Password").fill(testOwner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: `Custom request #C${ayu}` }).waitFor();
    expect(await page.getByRole("textbox", { name: "Admin Notes" }).inputValue()).not.toContain("Not staff");
  });

  it("on a 390 px phone, in Russian: requests as cards with Russian labels, a request's page, without sideways scrolling", async () => {
    const page = await browser.open({ width: 390, height: 844 });
    await signIn(page, consoleURL(), testOwner, "/admin/custom-orders");
    await page.getByLabel("Language").selectOption("ru");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Индивидуальные заказы");
    const cards = page.getByRole("list", { name: "Индивидуальные заказы" });
    const card = cards.getByRole("listitem").filter({ hasText: `#C${irina}` });
    await expect.poll(() => card.textContent()).toContain("Новая");
    expect(await card.textContent()).toContain("Панама · Плетёный пальмовый лист");
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page);

    await card.getByRole("link").click();
    await page.getByRole("heading", { level: 1, name: `Заявка #C${irina}` }).waitFor();
    await expect.poll(() => page.getByText("Письмо уйдёт на irina@example.com на английском").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Сохранить заметки" }).isVisible()).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page);

    await page.getByLabel("Язык").selectOption("en");
    await expect.poll(() => page.getByRole("button", { name: "Save Notes" }).isVisible()).toBe(true);
  });
});
