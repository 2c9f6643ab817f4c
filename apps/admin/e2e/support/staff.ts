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

/** Each person's session cookie, asked of the API once per test file (and API). */
const sessions = new Map<string, Promise<{ name: string; value: string }>>();

/**
 * Opens `next` on a page already signed in as `who`, for tests about what comes after the sign-in
 * (sign-in.e2e.ts walks the sign-in page itself): the person's session, signed in once per file
 * through the staff API as the sign-in page does, goes into the page's cookies. It ends with the
 * console's page drawn.
 */
export async function openSignedIn(
  page: Page,
  { apiURL, consoleURL }: { apiURL: string; consoleURL: string },
  who: { email: string; password: string } = testOwner,
  next = "/admin",
) {
  const { name, value } = await sessionOf({ apiURL, consoleURL }, who);
  await page.context().addCookies([{ name, value, url: apiURL, httpOnly: true, sameSite: "Lax" }]);
  await page.goto(`${consoleURL}${next}`);
  await page.locator("main#content").waitFor();
}

/** `who`'s session cookie, signed in through the staff API as the sign-in page does, once per file and API. */
export function sessionOf(
  { apiURL, consoleURL }: { apiURL: string; consoleURL: string },
  who: { email: string; password: string } = testOwner,
): Promise<{ name: string; value: string }> {
  const key = `${apiURL} ${who.email}`;
  if (!sessions.has(key)) sessions.set(key, sessionCookie(apiURL, consoleURL, who));
  return sessions.get(key)!;
}

async function sessionCookie(apiURL: string, consoleURL: string, who: { email: string; password: string }) {
  const answer = await fetch(`${apiURL}/api/admin/session`, {
    method: "POST",
    headers: { Origin: consoleURL, "Content-Type": "application/json" },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  if (answer.status !== 200) throw new Error(`${who.email} not signed in: ${answer.status} ${await answer.text()}`);
  const [name, value] = answer.headers.getSetCookie()[0]!.split(";")[0]!.split(/=(.*)/s) as [string, string];
  return { name, value };
}

/**
 * Signed-in tabs kept for a whole test file, one per person and window size: a new tab costs a
 * browser context and the console's first load. Each call takes the person's tab to `next`, as a
 * fresh load of that address; a page left with unsaved text is left without asking, as Playwright
 * answers the leave question when no test listens for dialogs (a file whose tests do, or that keep
 * something in the browser such as a language chosen, should open its own pages).
 */
export function signedInTabs(
  open: (size: { width: number; height: number }) => Promise<Page>,
  urls: () => { apiURL: string; consoleURL: string },
) {
  const tabs = new Map<string, Page>();
  return async (who: { email: string; password: string }, next: string, { width = 1280, height = 900 } = {}): Promise<Page> => {
    const key = `${who.email} ${width}×${height}`;
    const page = tabs.get(key) ?? (await open({ width, height }));
    tabs.set(key, page);
    await openSignedIn(page, urls(), who, next);
    return page;
  };
}
