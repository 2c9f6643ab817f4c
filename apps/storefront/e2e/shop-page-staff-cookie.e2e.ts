import { describe, expect, it } from "vitest";
import { apiURL, useBrowser } from "./fixtures.ts";
import { staffSession } from "./support/admin.ts";

const browser = useBrowser();

type Attempt = { status?: number; body?: string; error?: string };

/**
 * A browser signed in at the console holds the staff cookie for the API's host, and cookies ignore
 * ports: the shop's pages (same host, another port) send it too. A script on a shop page must get
 * neither the session's CSRF token nor a staff read or write with it.
 */
describe("a shop page's script in a browser signed in at the console", () => {
  it("gets no staff token, no staff read and no staff write, straight to the API or through the shop", async () => {
    const session = await staffSession(apiURL());
    const [product] = (await (await fetch(`${apiURL()}/api/products`)).json()) as ({ id: number; price: number } & Record<
      string,
      unknown
    >)[];
    const page = await browser.open("/");
    const [name, value] = session.cookie.split("=") as [string, string];
    await page.context().addCookies([{ name, value, url: apiURL(), httpOnly: true, sameSite: "Lax" }]);
    expect((await page.context().cookies(page.url())).map((c) => c.name)).toContain(name);

    const attempts = await page.evaluate(
      async ({ api, id, token, changed }) => {
        const attempt = async (url: string, init: RequestInit = {}): Promise<Attempt> => {
          try {
            const response = await fetch(url, { credentials: "include", ...init });
            return { status: response.status, body: await response.text() };
          } catch (error) {
            return { error: String(error) };
          }
        };
        // Even a script that somehow knew the token: the write must still be refused.
        const write = {
          method: "PUT",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
          body: JSON.stringify(changed),
        };
        return {
          apiSession: await attempt(`${api}/api/admin/session`),
          shopSession: await attempt("/api/admin/session"),
          shopOrders: await attempt("/api/orders"),
          apiWrite: await attempt(`${api}/api/products/${id}`, write),
          shopWrite: await attempt(`/api/products/${id}`, write),
        };
      },
      // The product as it is, at another price: a write the API would take from the console.
      { api: apiURL(), id: product!.id, token: session.csrfToken, changed: { ...product, price: 1 } },
    );

    for (const [what, attempt] of Object.entries(attempts)) {
      expect(attempt.body ?? "", what).not.toContain(session.csrfToken);
      expect(attempt.status, `${what}: ${JSON.stringify(attempt)}`).not.toBe(200);
    }
    // Across origins the browser gets no CORS grant: the script reads nothing and sends no write.
    expect(attempts.apiSession.error).toMatch(/fetch/i);
    expect(attempts.apiWrite.error).toMatch(/fetch/i);
    // Through the shop: 401 (no session for a shop page) or 404 (not forwarded), 403 for the write, each with {error}.
    expect([401, 404]).toContain(attempts.shopSession.status);
    expect(attempts.shopOrders.status).toBe(401);
    expect(attempts.shopWrite.status).toBe(403);
    for (const what of ["shopSession", "shopOrders", "shopWrite"] as const)
      expect(JSON.parse(attempts[what].body!), what).toHaveProperty("error");
    const after = (await (await fetch(`${apiURL()}/api/products/${product!.id}`)).json()) as { price: number };
    expect(after.price).toBe(product!.price);
  });
});
