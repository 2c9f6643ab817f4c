import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { postAdminForm, signIn, staffCookie } from "#e2e/support/admin.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { baseURL, expectAccessible, hydrated, useBrowser } from "./fixtures.ts";

const { open } = useBrowser();
let n = 0;
const newEmail = (name: string) => `${name}-${Date.now()}-${++n}@workshop.test`;

/** As the test owner, adds a person through /admin/staff with a generated password; returns that password. */
async function addPerson(page: Page, email: string, name: string): Promise<string> {
  await page.goto("/admin/staff");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Add", exact: true }) });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Add", exact: true }).click();
  const shown = page.getByTestId("shown-password");
  await shown.waitFor();
  await expect(page.getByRole("status").textContent()).resolves.toContain(`${email} was added.`);
  return (await shown.textContent())!.trim();
}

describe("staff accounts in the admin", () => {
  it("an owner adds a person on a phone; the person signs in; disabled (confirmed without JavaScript), their session stops working", async () => {
    const owner = await open("/admin/login", { width: 390, height: 844 });
    await signIn(owner, baseURL(), undefined, "/admin/staff");
    await hydrated(owner);
    await owner.getByRole("heading", { name: "Staff", level: 1 }).waitFor();
    await expectAccessible(owner);
    // Nothing on the page is wider than the phone.
    await expect(owner.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);

    const email = newEmail("komang");
    const password = await addPerson(owner, email, "Komang");
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    await expect(owner.getByRole("listitem").filter({ hasText: email }).textContent()).resolves.toContain("Active");
    // The same e-mail again is refused beside the field.
    const form = owner.locator("form", { has: owner.getByRole("button", { name: "Add", exact: true }) });
    await form.getByLabel("E-mail").fill(email.toUpperCase());
    await form.getByLabel("Name").fill("Komang again");
    await form.getByRole("button", { name: "Add", exact: true }).click();
    await owner.getByText("Someone already has an account with this e-mail.").waitFor();

    const staff = await open("/admin/login");
    await signIn(staff, baseURL(), { email, password });
    await staff.getByText("Signed in as Komang").waitFor();
    // Staff do not manage staff: neither the page nor its form.
    const forbidden = await staff.goto("/admin/staff");
    expect(forbidden?.status()).toBe(403);
    const intruder = newEmail("intruder");
    const posted = await postAdminForm(baseURL(), await staffCookie(baseURL(), { email, password }), "/admin/staff", {
      intent: "create",
      email: intruder,
      name: "Intruder",
      role: "owner",
      choice: "own",
      password: "a password of my own choice",
    });
    expect(posted.status).toBe(403);
    await owner.goto("/admin/staff");
    await expect(owner.getByRole("list").filter({ hasText: email }).textContent()).resolves.not.toContain(intruder);

    // The owner disables them in a browser without JavaScript: a confirm page, then the form.
    const plain = await open("/admin/login", { javaScript: false });
    await signIn(plain, baseURL(), undefined, "/admin/staff");
    await plain.getByRole("listitem").filter({ hasText: email }).getByRole("link", { name: "Disable" }).click();
    await plain.getByRole("heading", { name: `Disable ${email}?` }).waitFor();
    await plain.getByRole("button", { name: "Disable", exact: true }).click();
    await expect(plain.getByRole("status").textContent()).resolves.toContain(`${email} is disabled`);
    await expect(plain.getByRole("listitem").filter({ hasText: email }).textContent()).resolves.toContain("Disabled since");

    // Their open session no longer opens anything, and their password no longer signs in.
    await staff.goto("/admin");
    expect(new URL(staff.url()).pathname).toBe("/admin/login");
    await staff.getByLabel("E-mail").fill(email);
    await staff.getByLabel("Password").fill(password);
    await staff.getByRole("button", { name: "Sign in" }).click();
    await expect(staff.getByRole("alert").textContent()).resolves.toBe("Wrong e-mail or password.");
  });

  it("changing one's own password: messages beside the fields; this browser goes on in a new session, the others end", async () => {
    const owner = await open("/admin/login");
    await signIn(owner, baseURL(), undefined, "/admin/staff");
    const email = newEmail("ketut");
    const first = await addPerson(owner, email, "Ketut");

    const here = await open("/admin/login", { width: 390, height: 844 });
    await signIn(here, baseURL(), { email, password: first }, "/admin/account");
    const elsewhere = await open("/admin/login");
    await signIn(elsewhere, baseURL(), { email, password: first });
    await hydrated(here);
    await expectAccessible(here);

    const change = async (current: string, next: string, repeat = next) => {
      await here.getByLabel("Current password").fill(current);
      await here.getByLabel("New password", { exact: true }).fill(next);
      await here.getByLabel("New password again").fill(repeat);
      await here.getByRole("button", { name: "Change password" }).click();
    };
    await change("not my password", "a hat of pandan leaves");
    await here.getByText("The current password is not correct.").waitFor();
    await change(first, "qwerty123456");
    await here.getByText("This is one of the most common passwords. Choose another.").waitFor();
    await change(first, "a hat of pandan leaves", "a hat of pandan leave");
    await here.getByText("The two new passwords differ.").waitFor();

    const cookieOf = async () => (await here.context().cookies()).find((c) => c.name === "staff")!.value;
    const before = await cookieOf();
    await change(first, "a hat of pandan leaves");
    await expect(here.getByRole("status").textContent()).resolves.toBe("Your password was changed. Your other sessions have ended.");
    // This browser is still signed in, with a new cookie; its old cookie and the other browser are not.
    expect(await cookieOf()).not.toBe(before);
    await here.goto("/admin");
    expect(new URL(here.url()).pathname).toBe("/admin");
    const replayed = await fetch(`${baseURL()}/admin`, { redirect: "manual", headers: { Cookie: `staff=${before}` } });
    expect(replayed.status).toBe(302);
    await elsewhere.goto("/admin");
    expect(new URL(elsewhere.url()).pathname).toBe("/admin/login");
    await signIn(elsewhere, baseURL(), { email, password: "a hat of pandan leaves" });

    // The admin language: Russian from now on, for this person.
    await here.goto("/admin/account");
    await here.getByLabel("Admin language").selectOption("ru");
    await here.getByRole("button", { name: "Save language" }).click();
    await here.getByRole("heading", { name: "Ваш аккаунт", level: 1 }).waitFor();
    await expect(here.getByRole("status").textContent()).resolves.toBe("Язык админки сохранён.");
  });

  it("an owner resets a person's password to one they type: the person's sessions end, the new password signs in", async () => {
    const owner = await open("/admin/login");
    await signIn(owner, baseURL(), undefined, "/admin/staff");
    const email = newEmail("wayan");
    const first = await addPerson(owner, email, "Wayan");
    const person = await open("/admin/login");
    await signIn(person, baseURL(), { email, password: first });

    await owner.getByRole("listitem").filter({ hasText: email }).getByRole("link", { name: "Reset password" }).click();
    await owner.getByRole("heading", { name: `Reset the password of ${email}?` }).waitFor();
    const panel = owner.locator("form", { has: owner.locator('input[name="intent"][value="reset"]') });
    await panel.getByLabel("I type the password").check();
    await panel.getByLabel("Password", { exact: true }).fill("password1234");
    await panel.getByRole("button", { name: "Reset password" }).click();
    await owner.getByText("This is one of the most common passwords. Choose another.").waitFor();
    await panel.getByLabel("I type the password").check();
    await panel.getByLabel("Password", { exact: true }).fill("sunrise over the rice fields");
    await panel.getByRole("button", { name: "Reset password" }).click();
    await expect(owner.getByRole("status").textContent()).resolves.toContain(`The password of ${email} was reset`);
    await expect(owner.getByTestId("shown-password").count()).resolves.toBe(0);

    await person.goto("/admin");
    expect(new URL(person.url()).pathname).toBe("/admin/login");
    await signIn(person, baseURL(), { email, password: "sunrise over the rice fields" });
  });
});

describe("the first owner of a new shop", () => {
  const shops: RunningShop[] = [];
  afterAll(async () => {
    for (const shop of shops) await shop.stop();
    await shops[0]?.remove();
  });

  it("is printed once in the first start's output, signs in, and is not printed again", async () => {
    const consoleUrl = "http://127.0.0.1:3999";
    const first = await startShop({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "", ADMIN_URL: consoleUrl });
    shops.push(first);
    // Signing in happens in the staff console; the account page is still the shop's.
    expect(first.log).toContain(`Sign in at:  ${consoleUrl}/admin/login (the staff console)`);
    expect(first.log).toContain(`${first.baseURL}/admin/account`);
    // The shop's own e-mail, not one anybody could know in advance.
    const email = /E-mail:\s+(owner-[0-9a-f]{12}@localhost)\n/.exec(first.log)![1]!;
    expect(first.log).toContain(`reset-password ${email}`);
    const password = /Password:\s+(\S+)/.exec(first.log)![1]!;
    await expect(staffCookie(first.baseURL, { email, password })).resolves.toMatch(/^staff=/);
    await first.stop();

    const again = await startShop({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "" }, first.dataDir);
    shops.push(again);
    expect(again.log).not.toContain("Password:");
    expect(again.log).not.toContain(email);
    await expect(staffCookie(again.baseURL, { email, password })).resolves.toMatch(/^staff=/);
  });
});
