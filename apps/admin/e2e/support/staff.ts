import type { Page } from "playwright-core";

/** The owner the test API is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const testOwner = { email: "owner@workshop.test", password: "Ubud-workshop-owner-2026" } as const;

/** The name the shop gives the owner it makes from ADMIN_EMAIL: the console names people by their names. */
export const ownerName = "Owner";

/** Signs a page in through the console's sign-in page; it ends on the dashboard (or `next`). */
export async function signIn(page: Page, consoleURL: string, who: { email: string; password: string } = testOwner, next = "/admin") {
  await page.goto(`${consoleURL}/admin/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel(/e-mail|эл\. почта/i).fill(who.email);
  await page.getByLabel(/^(password|пароль)$/i).fill(who.password);
  const button = page.getByRole("button", { name: /^(sign in|войти)$/i });
  await Promise.all([page.waitForURL((url) => url.pathname === next.split("?")[0]), button.click()]);
  // The address changes before the page it names is drawn: wait until the sign-in page is gone, so
  // nothing of it (its own language links) is found in place of the console's.
  await button.waitFor({ state: "detached" });
}
