import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, useBrowser } from "./browser.ts";
import { type ConsolePair, startConsolePair } from "./support/console-pair.ts";
import { signIn, testOwner } from "./support/staff.ts";

const browser = useBrowser();

// Failed sign-ins are counted per address too (the tests' 127.0.0.1): the lockout runs on a console
// and an API of its own, so that it leaves the other test files' sign-ins alone.
// Nyoman, a person of her own, so that locking her out leaves the owner the other tests use alone.
const nyoman = { email: "nyoman@workshop.test", password: "Sidemen-valley-rice-2026" };
let pair: ConsolePair;
beforeAll(async () => {
  pair = await startConsolePair({ people: [{ ...nyoman, name: "Nyoman", role: "staff", locale: "en" }] });
});
afterAll(() => pair?.stop());
const lockable = useBrowser(() => pair.consoleURL);

describe("signing in to the console", () => {
  it("says the same for an unknown e-mail as for a wrong password", async () => {
    const page = await browser.open();
    await page.goto(`${consoleURL()}/admin/login`);
    for (const [email, password] of [
      ["nobody-here@workshop.test", testOwner.password],
      [testOwner.email, "not-the-password"],
    ]) {
      await page.getByLabel("E-mail").fill(email!);
      await page.getByLabel("Password").fill(password!);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect.poll(() => page.getByRole("alert").textContent()).toBe("Wrong e-mail or password.");
      await expect.poll(() => page.getByLabel("Password").inputValue()).toBe("");
    }
  });

  it("speaks Russian on asking, before anyone signs in, and keeps a signed-out person's language", async () => {
    const page = await browser.open();
    await page.goto(`${consoleURL()}/admin/login?next=%2Fadmin%2Forders`);
    await page.getByRole("link", { name: "Русский" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Вход");
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    // The way back after signing in is kept.
    expect(new URL(page.url()).searchParams.get("next")).toBe("/admin/orders");
    await expectAccessible(page);
    await page.getByRole("link", { name: "English" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in");
  });

  it("locks a person out after 10 wrong passwords in 15 minutes, even from the right one, and says for how long", async () => {
    const page = await lockable.open();
    await page.goto(`${pair.consoleURL}/admin/login`);
    for (let i = 0; i < 10; i++) {
      await page.getByLabel("E-mail").fill(nyoman.email);
      await page.getByLabel("Password").fill(`wrong-guess-number-${i}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect.poll(() => page.getByLabel("Password").inputValue()).toBe("");
      await expect.poll(() => page.getByRole("alert").textContent()).toBe("Wrong e-mail or password.");
    }
    await page.getByLabel("Password").fill(nyoman.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Too many failed sign-ins. Try again in 15 min.");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await expectAccessible(page);
  });

  it("signs out for good: the old session's cookie opens nothing afterwards", async () => {
    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner);
    const cookie = (await page.context().cookies(apiURL())).find((c) => c.name.endsWith("staff"))!;
    const withOld = () => fetch(`${apiURL()}/api/admin/session`, { headers: { Cookie: `${cookie.name}=${cookie.value}` } });
    expect((await withOld()).status).toBe(200);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("You have signed out.");
    expect((await withOld()).status).toBe(401);
    expect((await fetch(`${apiURL()}/api/admin/orders`, { headers: { Cookie: `${cookie.name}=${cookie.value}` } })).status).toBe(401);
  });
});
