import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { consoleURL, expectAccessible, scrollsSideways, shopURL, useBrowser } from "./browser.ts";
import { signIn, testOwner } from "./support/staff.ts";

const browser = useBrowser();

/** A visitor's message through the shop's contact form (its page's action, as the old inbox test sends it). */
async function sendContact(path: "/contact" | "/ru/contact", fields: { name: string; email: string; subject: string; message: string }) {
  const answer = await fetch(`${shopURL()}${path}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  if (answer.status !== 200) throw new Error(`Contact message refused: ${answer.status}`);
}

const english = { name: "Budi", email: "budi@example.com", subject: "Pickup on Saturday", message: "Can I pick up on Saturday?" };
const russian = {
  name: "Ирина",
  email: "irina@example.com",
  subject: "Размер 60 см",
  message: "Здравствуйте!\nЕсть ли панама размера 60 см?",
};

/** The table row of a message (a wide screen). */
const rowOf = (page: Page, subject: string) => page.locator("table tbody tr", { hasText: subject });

describe("the inbox in the staff console", () => {
  beforeAll(async () => {
    await sendContact("/contact", english);
    await sendContact("/ru/contact", russian);
  });

  it("lists a new message unread; opening marks it read; a reply is sent once; unsent text asks before leaving; handled", async () => {
    const page = await browser.open();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signIn(page, consoleURL(), testOwner, "/admin");
    // The dashboard's count opens the unread messages, in the console.
    await expect.poll(() => page.locator('[data-count="unread"]').textContent()).toBe("2");
    await page.getByRole("link", { name: /Unread messages/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?filter=unread");
    await expect.poll(() => rowOf(page, english.subject).textContent()).toContain("Unread");
    expect(await rowOf(page, english.subject).getAttribute("class")).toContain("font-semibold");
    await expectAccessible(page);

    await page.getByRole("link", { name: english.subject }).click();
    await page.getByRole("heading", { level: 1, name: english.subject }).waitFor();
    await page.getByText(english.message).waitFor();
    await page.getByText("The reply goes to budi@example.com in English").waitFor();
    expect(await page.getByLabel("Subject").inputValue()).toBe(`Re: ${english.subject}`);

    // Sent once, however eagerly the button is pressed; then the form is empty again.
    await page.getByLabel("Your reply").fill("Yes, we are open until 5 pm.");
    await page.getByRole("button", { name: "Send reply" }).dblclick();
    await page.getByRole("status").filter({ hasText: "Your reply is queued and will be sent to budi@example.com." }).waitFor();
    await expect.poll(() => page.getByLabel("Your reply").inputValue()).toBe("");
    const replies = page.getByRole("region", { name: "Replies" });
    await expect.poll(() => replies.getByRole("listitem").count()).toBe(1);
    await expect.poll(() => replies.textContent()).toMatch(/To budi@example\.com · by owner@workshop\.test/);
    await expectAccessible(page);

    // Unsent text: leaving asks; "stay" keeps the text, "leave" leaves.
    await page.getByLabel("Your reply").click();
    await page.getByLabel("Your reply").fill("Half a thought");
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("link", { name: "Back to Inbox" }).click();
    await expect.poll(() => asked).toEqual(["Your reply is not sent yet. Leave this page and lose it?"]);
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/inbox\/\d+$/);
    expect(await page.getByLabel("Your reply").inputValue()).toBe("Half a thought");
    // Closing the tab asks too (the browser's own words); staying keeps the page.
    const closing = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await closing).toBe("beforeunload");
    expect(page.isClosed()).toBe(false);
    expect(await page.getByLabel("Your reply").inputValue()).toBe("Half a thought");

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("link", { name: "Back to Inbox" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/inbox");
    // Opened: read now, open until handled.
    await expect.poll(() => rowOf(page, english.subject).textContent()).toContain("Open");
    expect(await rowOf(page, english.subject).getAttribute("class")).not.toContain("font-semibold");

    await page.getByRole("link", { name: english.subject }).click();
    await page.getByRole("button", { name: "Mark handled" }).click();
    await page.getByRole("status").filter({ hasText: "Marked as handled." }).waitFor();
    await page.getByRole("button", { name: "Reopen" }).waitFor();
    await page.getByRole("link", { name: "Back to Inbox" }).click();
    await page.getByRole("navigation", { name: "Show" }).getByRole("link", { name: "Handled", exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?filter=handled");
    await expect.poll(() => rowOf(page, english.subject).textContent()).toContain("Handled");
    await expect.poll(() => page.locator("table tbody tr").count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("on a 390 px phone, in Russian: messages as cards, a message and its form, without sideways scrolling", async () => {
    const page = await browser.open({ width: 390, height: 844 });
    await signIn(page, consoleURL(), testOwner, "/admin/inbox");
    await page.getByLabel("Language").selectOption("ru");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Входящие");
    const cards = page.getByRole("list", { name: "Входящие" });
    await expect.poll(() => cards.getByRole("listitem").filter({ hasText: russian.subject }).textContent()).toContain("Не прочитано");
    await expect.poll(() => cards.getByRole("listitem").filter({ hasText: english.subject }).textContent()).toContain("Обработано");
    // The same moment in Russian conventions: "27 нояб. 2026, 16:57".
    expect(await cards.getByRole("listitem").first().textContent()).toMatch(/\d{1,2} [а-я]+\.? \d{4}, \d{2}:\d{2}/);
    await expect
      .poll(() => page.getByRole("navigation", { name: "Показать" }).getByRole("link", { name: "Открытые" }).isVisible())
      .toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page);

    await cards.getByRole("link", { name: new RegExp(russian.subject) }).click();
    await page.getByRole("heading", { level: 1, name: russian.subject }).waitFor();
    await expect.poll(() => page.getByText("Ответ уйдёт на irina@example.com на русском языке").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Отметить обработанным" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Ваш ответ").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Отправить ответ" }).isVisible()).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page);

    await page.getByLabel("Язык").selectOption("en");
    await expect.poll(() => page.getByRole("button", { name: "Send reply" }).isVisible()).toBe(true);
  });
});
