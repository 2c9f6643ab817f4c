import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, staffCookie, testOwner } from "#e2e/support/admin.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { baseURL, expectAccessible, hydrated, useBrowser } from "./fixtures.ts";

const { open } = useBrowser();

describe("signing in to the admin", () => {
  it("takes a person from an admin page to the sign-in page and back to that page", async () => {
    const page = await open("/admin/audit?kind=sign-in");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await expectAccessible(page);
    await page.getByLabel("E-mail").fill(testOwner.email);
    await page.getByLabel("Password").fill(testOwner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/admin/audit?kind=sign-in");
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    // The sign-in just made is the newest row of the log, with this browser's address.
    await expect(page.locator("tbody tr").first().textContent()).resolves.toContain(testOwner.email);
  });

  it("says 'Wrong e-mail or password.' for a wrong password and for an unknown e-mail alike", async () => {
    for (const email of [testOwner.email, "nobody@workshop.test"]) {
      const page = await open("/admin/login");
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password").fill("not-the-password-at-all");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").waitFor();
      await expect(page.getByRole("alert").textContent()).resolves.toBe("Wrong e-mail or password.");
      expect(new URL(page.url()).pathname).toBe("/admin/login");
    }
  });

  it("signs out: the session ends, and the old cookie opens nothing", async () => {
    const page = await open("/admin/login");
    await signIn(page, baseURL());
    const cookie = (await page.context().cookies()).find((c) => c.name === "staff")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/admin/login?signedOut=1");
    await expect(page.getByRole("status").textContent()).resolves.toBe("You have signed out.");
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    const replayed = await fetch(`${baseURL()}/admin`, { redirect: "manual", headers: { Cookie: `staff=${cookie.value}` } });
    expect(replayed.status).toBe(302);
  });

  it("works without JavaScript, in Russian", async () => {
    const page = await open("/admin/login?lang=ru", { javaScript: false });
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Вход");
    await page.getByLabel("Эл. почта").fill(testOwner.email);
    await page.getByLabel("Пароль").fill("неверный-пароль-123");
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Неверная эл. почта или пароль.");
    await page.getByLabel("Пароль").fill(testOwner.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
  });

  it("answers a form from a stale tab with a clear 403 page that changes nothing, with or without JavaScript", async () => {
    for (const javaScript of [true, false]) {
      const stale = await open("/admin/login", { javaScript });
      await signIn(stale, baseURL());
      await stale.goto("/admin/account");
      if (javaScript) await hydrated(stale);
      // In another tab the person signs out and in again: the first tab's forms carry the old session's token.
      const other = await stale.context().newPage();
      await other.goto("/admin");
      await other.getByRole("button", { name: "Sign out" }).click();
      await other.waitForURL("**/admin/login?signedOut=1");
      await signIn(other, baseURL());
      await stale.getByRole("button", { name: "Save language" }).click();
      await stale.getByRole("heading", { name: "Not allowed" }).waitFor();
      await expect(stale.getByText(/^This form has expired or came from another site/).count()).resolves.toBe(1);
      expect(new URL(stale.url()).search).not.toContain("saved");
    }
  });

  it("refuses a sign-in form posted from another site", async () => {
    const response = await fetch(`${baseURL()}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(testOwner),
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("refuses an admin form without the session's token or from another site, changing nothing", async () => {
    const cookie = await staffCookie(baseURL());
    for (const [headers, status] of [
      [{ Origin: baseURL() }, 302], // back to the admin, signed in
      [{ Origin: "https://evil.example" }, 403],
    ] as const) {
      const response = await fetch(`${baseURL()}/admin/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: "_token=forged",
      });
      expect(response.status).toBe(status);
    }
    // Still signed in: the forged sign-outs did nothing.
    expect((await fetch(`${baseURL()}/admin`, { redirect: "manual", headers: { Cookie: cookie } })).status).toBe(200);
  });
});

describe("guessing passwords, with the shipped settings on an https shop", () => {
  let shop: RunningShop;
  beforeAll(async () => {
    // Behind its TLS proxy on this machine, which names the host and the scheme the browser used.
    shop = await startShop({
      ADMIN_EMAIL: testOwner.email,
      ADMIN_PASSWORD: testOwner.password,
      PUBLIC_URL: "https://shop.example",
      TRUST_PROXY: "loopback",
    });
  });
  afterAll(() => shop?.remove());

  /**
   * The sign-in form as the shop's own page at its public address posts it, passed on by the proxy
   * with the browser's host and scheme (node:http, since fetch cannot name a Host).
   */
  const attempt = (password: string) =>
    new Promise<Response>((resolve, reject) => {
      const body = new URLSearchParams({ email: testOwner.email, password }).toString();
      const { hostname, port } = new URL(shop.baseURL);
      const sent = request(
        {
          host: hostname,
          port,
          path: "/admin/login",
          method: "POST",
          headers: {
            Origin: "https://shop.example",
            Host: "shop.example",
            "X-Forwarded-Proto": "https",
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
            }
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers }));
          });
        },
      );
      sent.on("error", reject);
      sent.end(body);
    });

  it("gives an https shop a __Host- cookie that is Secure, HttpOnly and SameSite=Lax", async () => {
    const response = await attempt(testOwner.password);
    expect(response.status).toBe(302);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-staff="));
    expect(cookie).toMatch(/; Path=\/; .*HttpOnly; SameSite=Lax; Secure$/);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("answers 429 with Retry-After and a clear message after 10 failures in 15 minutes, even to the right password", async () => {
    for (let i = 0; i < 10; i++) expect((await attempt(`wrong-guess-number-${i}`)).status).toBe(401);
    const refused = await attempt(testOwner.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(await refused.text()).toContain("Too many failed sign-ins. Try again in 15 min.");
    expect(refused.headers.getSetCookie().some((c) => c.includes("staff="))).toBe(false);
  });
});
