import { describe, expect, it } from "vitest";
import { languageCookie } from "#app/web/locale.ts";
import { baseURL, hydrated, useBrowser } from "./fixtures.ts";

/** Russian pages have addresses of their own under /ru/; English stays at the root (decision 010). */
const browser = useBrowser();

// A person's browser (headless Chromium names itself 'HeadlessChrome', which counts as a bot).
const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

const linkHref = (html: string, rel: string, hreflang?: string) =>
  // HTML attribute names are case-insensitive (React writes hrefLang).
  html.match(new RegExp(`<link rel="${rel}"${hreflang ? ` [hH]ref[lL]ang="${hreflang}"` : ""} href="([^"]+)"`))?.[1];

describe("pages in two languages", () => {
  it("serves /ru/… in Russian, with links that stay in Russian", async () => {
    const page = await browser.open("/ru/products/5");
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const hrefs = await page
      .locator("header a[href^='/'], main a[href^='/'], footer a[href^='/']")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThan(5);
    expect(hrefs.filter((h) => !h.startsWith("/ru"))).toEqual([]);

    await hydrated(page);
    await page.locator("header").getByRole("link", { name: "О нас" }).first().click();
    await page.waitForURL(/\/ru\/about$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
  });

  it("gives each language its canonical address and names the other as an alternate", async () => {
    for (const [path, canonical] of [
      ["/products/5", "/products/5"],
      ["/ru/products/5", "/ru/products/5"],
      ["/ru/faq", "/ru/faq"],
      ["/ru", "/ru"],
    ] as const) {
      const html = await (await fetch(baseURL() + path)).text();
      expect(linkHref(html, "canonical"), path).toBe(baseURL() + canonical);
      const bare = canonical.replace(/^\/ru(?=\/|$)/, "") || "/";
      expect(linkHref(html, "alternate", "en"), path).toBe(baseURL() + bare);
      expect(linkHref(html, "alternate", "ru"), path).toBe(baseURL() + (bare === "/" ? "/ru" : `/ru${bare}`));
      expect(linkHref(html, "alternate", "x-default"), path).toBe(baseURL() + bare);
    }
  });

  it("lists both languages in the sitemap", async () => {
    const files = ["/sitemaps/pages.xml", "/sitemaps/products-1.xml"];
    const sitemap = (await Promise.all(files.map(async (f) => (await fetch(`${baseURL()}${f}`)).text()))).join("\n");
    for (const path of ["/", "/ru", "/products/1", "/ru/products/1", "/faq", "/ru/faq"]) {
      expect(sitemap).toContain(`<loc>${baseURL()}${path}</loc>`);
    }
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="ru" href="${baseURL()}/ru/products/1"/>`);
  });

  for (const javaScript of [true, false]) {
    it(`switches language on the same page and back (JavaScript ${javaScript ? "on" : "off"})`, async () => {
      const page = await browser.open("/products/5?from=test", { javaScript });
      if (javaScript) await hydrated(page);
      await page.getByRole("button", { name: "ru", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/ru/products/5" && url.search === "?from=test");
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("ru");
      await page.getByRole("button", { name: "en", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/products/5");
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    });
  }

  it("going back from an English page to a Russian one shows it in Russian again", async () => {
    const page = await browser.open("/ru/products");
    await hydrated(page);
    await page.getByRole("button", { name: "en", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/products");
    await page.getByRole("heading", { name: "Our Collection" }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/ru/products");
    await page.getByRole("heading", { name: "Наша коллекция" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
  });

  it("sends a person who prefers Russian from / to /ru, but leaves every other address and crawlers alone", async () => {
    const page = await browser.open("/", { locale: "ru-RU", userAgent: person });
    expect(new URL(page.url()).pathname).toBe("/ru");
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    await page.goto("/products/5");
    expect(new URL(page.url()).pathname).toBe("/products/5");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");

    const bot = await fetch(`${baseURL()}/`, {
      redirect: "manual",
      headers: { "accept-language": "ru", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(bot.status).toBe(200);
    const chosenEnglish = await fetch(`${baseURL()}/`, {
      redirect: "manual",
      headers: { "accept-language": "ru", cookie: await languageChoice("en"), "user-agent": person },
    });
    expect(chosenEnglish.status).toBe(200);
    const chosenRussian = await fetch(`${baseURL()}/`, {
      redirect: "manual",
      headers: { cookie: await languageChoice("ru"), "user-agent": person },
    });
    expect(chosenRussian.status).toBe(302);
    expect(chosenRussian.headers.get("location")).toBe("/ru");
  });

  it("keeps each language's page apart in the page cache", async () => {
    // Rendered, rendered and kept, then from the cache.
    for (let i = 0; i < 3; i++) {
      const en = await (await fetch(`${baseURL()}/faq`, { headers: { cookie: await languageChoice("ru") } })).text();
      const ru = await (await fetch(`${baseURL()}/ru/faq`)).text();
      expect(en).toContain('<html lang="en"');
      expect(ru).toContain('<html lang="ru"');
    }
  });
});

/** The `Cookie` request header of a browser whose language switch chose this language. */
async function languageChoice(locale: "en" | "ru"): Promise<string> {
  return (await languageCookie.serialize(locale)).split(";")[0]!;
}
