import type { Page } from "playwright-core";

/** The owner every browser test's shop is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const testOwner = { email: "owner@workshop.test", password: "Ubud-workshop-owner-2026" } as const;

export type Credentials = { email: string; password: string };

/**
 * Signs in through the sign-in form over HTTP, as a browser would (same origin), and returns the
 * session cookie (`staff=…`) to send with later requests.
 */
export async function staffCookie(baseURL: string, who: Credentials = testOwner): Promise<string> {
  const response = await fetch(`${baseURL}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: who.email, password: who.password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?staff=/.test(c));
  if (response.status !== 302 || !cookie) throw new Error(`Sign-in as ${who.email} failed: ${response.status}`);
  return cookie.split(";")[0]!;
}

/** The form token of a signed-in session, as every admin form carries it. */
export async function formToken(baseURL: string, cookie: string): Promise<string> {
  const html = await (await fetch(`${baseURL}/admin`, { headers: { Cookie: cookie } })).text();
  const token = html.match(/name="_token" value="([^"]+)"/)?.[1];
  if (!token) throw new Error("No form token on /admin");
  return token;
}

/** Posts an admin form as the shop's own page would: same origin, with the session's token. */
export async function postAdminForm(baseURL: string, cookie: string, path: string, fields: Record<string, string>): Promise<Response> {
  const token = await formToken(baseURL, cookie);
  return fetch(`${baseURL}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseURL, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ _token: token, ...fields }),
  });
}

/** Signs a browser page in through the sign-in page; it ends on `next` (default the dashboard). */
export async function signIn(page: Page, baseURL: string, who: Credentials = testOwner, next = "/admin"): Promise<void> {
  await page.goto(`${baseURL}/admin/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel(/e-mail|эл\. почта/i).fill(who.email);
  await page.getByLabel(/^(password|пароль)$/i).fill(who.password);
  await Promise.all([
    page.waitForURL((url) => url.pathname === next.split("?")[0]),
    page.getByRole("button", { name: /^(sign in|войти)$/i }).click(),
  ]);
}
