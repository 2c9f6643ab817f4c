import { describe, expect, it } from "vitest";
import { consoleURL, expectAccessible, scrollsSideways, useBrowser } from "./browser.ts";
import { signIn, testOwner } from "./support/staff.ts";

const browser = useBrowser();

/** Ketut, added by the owner in the first test; the password the console showed once, then her own. */
const ketut = { email: "ketut@workshop.test", password: "" };
const ketutOwn = "Jatiluwih-terraces-at-dusk";

describe("people in the staff console: staff accounts, one's own account, the audit log", () => {
  it("the owner adds a staff account; the new person signs in with the password shown once", async () => {
    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner, "/admin/staff");
    await expect.poll(() => page.getByRole("heading", { name: "Staff", level: 1 }).isVisible()).toBe(true);
    await expectAccessible(page);

    // The form's own check first: nothing is sent without an e-mail and a name.
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => page.getByText("This field is required.").first().isVisible()).toBe(true);

    await page.getByLabel("E-mail").fill(ketut.email);
    await page.getByLabel("Name").fill("Ketut");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const shown = page.getByTestId("shown-password");
    await expect.poll(() => shown.isVisible()).toBe(true);
    ketut.password = (await shown.textContent()) ?? "";
    expect(ketut.password).toMatch(/^[\w-]{20}$/);
    await expect.poll(() => page.getByRole("status").textContent()).toContain("ketut@workshop.test was added.");
    // The form is emptied for the next person; the list has her.
    expect(await page.getByLabel("E-mail").inputValue()).toBe("");
    // (The API is shared by the test files, so other people may be listed too.)
    await expect.poll(() => page.locator("table tbody tr").filter({ hasText: ketut.email }).count()).toBe(1);
    await expectAccessible(page);

    const hers = await browser.open();
    await signIn(hers, consoleURL(), ketut);
    await expect.poll(() => hers.getByText("Signed in as Ketut").isVisible()).toBe(true);
  });

  it("a staff member is refused the staff page and the audit log, changes her own password and signs in with it", async () => {
    const page = await browser.open();
    await signIn(page, consoleURL(), ketut, "/admin/staff");
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Only an owner may manage staff accounts.");
    // The owners' tabs are not hers to see; their addresses say why.
    const nav = page.getByRole("navigation");
    expect(await nav.getByRole("link", { name: "Staff", exact: true }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Audit", exact: true }).count()).toBe(0);
    await page.goto(`${consoleURL()}/admin/audit`);
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Only an owner may see the audit log.");

    await page.getByRole("navigation").getByRole("link", { name: "Account", exact: true }).click();
    await page.getByLabel("Current password").fill("not-the-password");
    await page.getByLabel("New password", { exact: true }).fill(ketutOwn);
    await page.getByLabel("New password again").fill(`${ketutOwn}!`);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByText("The two new passwords differ.").isVisible()).toBe(true);

    await page.getByLabel("Current password").fill("not-the-password");
    await page.getByLabel("New password again").fill(ketutOwn);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByText("The current password is not correct.").isVisible()).toBe(true);
    await expectAccessible(page);

    await page.getByLabel("Current password").fill(ketut.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Your password was changed.");
    for (const label of ["Current password", "New password", "New password again"])
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe("");
    // This browser goes on in its new session: a write with the new token works.
    await page.getByLabel("Admin language").selectOption("ru");
    await page.getByRole("button", { name: "Save language" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Язык админки сохранён.");

    const again = await browser.open();
    await signIn(again, consoleURL(), { email: ketut.email, password: ketutOwn });
    await expect.poll(() => again.getByText("Вы вошли как Ketut").isVisible()).toBe(true);
  });

  it("the owner disables and enables her, and the audit log names each action and its people by name", async () => {
    const page = await browser.open();
    await signIn(page, consoleURL(), testOwner, "/admin/staff");
    await page.getByRole("button", { name: `Disable: ${ketut.email}` }).click();
    await expect.poll(() => page.getByRole("heading", { name: `Disable ${ketut.email}?` }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Disable", exact: true }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("is disabled");
    await page.getByRole("button", { name: `Enable: ${ketut.email}` }).click();
    await page.getByRole("button", { name: "Enable", exact: true }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("is enabled again");

    await page.getByRole("navigation").getByRole("link", { name: "Audit", exact: true }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Audit log" }).isVisible()).toBe(true);
    const rows = page.locator("table tbody tr");
    for (const action of ["Staff member added", "Password changed", "Staff member disabled", "Staff member enabled"]) {
      const row = rows.filter({ hasText: action }).first();
      await expect.poll(() => row.isVisible()).toBe(true);
      expect(await row.getByRole("link").textContent()).toBe("Staff Ketut");
    }
    await expectAccessible(page);

    // A filter goes into the address, and the list follows it.
    await page.getByLabel("Kind").selectOption("password-changed");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("kind")).toBe("password-changed");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("Ketut");
  });

  it("on a 390 px phone nothing scrolls sideways on the three pages", async () => {
    const page = await browser.open({ width: 390, height: 844 });
    await signIn(page, consoleURL(), testOwner, "/admin/staff");
    for (const path of ["/admin/staff", "/admin/audit", "/admin/account"]) {
      await page.goto(`${consoleURL()}${path}`);
      await expect.poll(() => page.locator("h1").isVisible()).toBe(true);
      expect([path, await scrollsSideways(page)]).toEqual([path, false]);
      await expectAccessible(page);
    }
  });
});
