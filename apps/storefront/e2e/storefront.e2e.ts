import { describe, expect, it } from "vitest";
import { hydrated, useBrowser } from "./fixtures.ts";

const browser = useBrowser();

describe("a visitor browsing the shop", () => {
  it("sees the home page: tagline, featured hats, custom order, story and the social strip", async () => {
    const page = await browser.open("/");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Handwoven hats, made to order in Bali");
    const featured = page.getByRole("region", { name: "Featured Hats" }).getByRole("listitem");
    expect(await featured.count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByRole("link", { name: "View all products" }).getAttribute("href")).toBe("/products");
    expect(await page.getByRole("link", { name: "Start a Custom Order" }).getAttribute("href")).toBe("/custom");
    const social = page.getByRole("region", { name: "From the workshop" });
    await social.locator("img").first().waitFor();
    expect(await social.locator("img").count()).toBe(4);
  });

  it("filters by size, sorts, pages, goes back and resets", async () => {
    const page = await browser.open("/products");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Our Collection");
    const cards = page.locator("main ul li a[href^='/products/']");
    expect(await cards.count()).toBe(8);
    // A marker that a full page load would wipe out.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.getByRole("button", { name: "58cm" }).click();
    await page.waitForURL(/size=58/);
    await expect.poll(() => page.getByRole("button", { name: "58cm" }).getAttribute("aria-pressed")).toBe("true");
    expect(new URL(page.url()).search).toBe("?size=58");

    await page.getByRole("button", { name: "All Sizes" }).click();
    await page.waitForURL((url) => !url.search.includes("size="));
    await page.getByLabel("Sort by").selectOption("price-low");
    await page.waitForURL(/sort=price-low/);
    const prices = async () =>
      (await page.locator("main ul li a[href^='/products/'] p").allTextContents()).map((p) => Number(p.replace(/[^0-9.]/g, "")));
    await expect
      .poll(async () => {
        const shown = await prices();
        return shown.length === 8 && shown.every((p, i) => i === 0 || shown[i - 1]! <= p);
      })
      .toBe(true);

    await page.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("page=2"));
    await expect.poll(() => page.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");

    await page.getByLabel("In Stock").uncheck();
    await page.waitForURL(/availability=out/);
    const allSoldOut = async () => {
      const shown = await cards.count();
      return shown > 0 && shown === (await page.getByText("Sold Out").count());
    };
    await expect.poll(allSoldOut).toBe(true);
    await page.getByLabel("Out of Stock").uncheck();
    await page.getByText("No products match your filters.").waitFor();
    await page.getByRole("link", { name: "Reset Filters" }).click();
    await page.waitForURL((url) => url.pathname === "/products" && url.search === "");
    await expect.poll(() => cards.count()).toBe(8);
    expect(await page.getByLabel("In Stock").isChecked()).toBe(true);
    expect(await page.getByLabel("Out of Stock").isChecked()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it("opens a product, uses the gallery, picks a size and orders it", async () => {
    const page = await browser.open("/products");
    await page.locator("main ul li a[href^='/products/']").first().click();
    await page.waitForURL(/\/products\/\d+$/);
    await page.getByText("Available Sizes").waitFor();
    const name = await page.getByRole("heading", { level: 1 }).textContent();
    const counter = page.getByText(/^\d \/ 3$/);
    expect(await counter.textContent()).toBe("1 / 3");
    await page.getByRole("button", { name: "Next photo" }).click();
    expect(await counter.textContent()).toBe("2 / 3");
    await page.getByRole("button", { name: "Previous photo" }).click();
    await page.getByRole("button", { name: "Previous photo" }).click();
    expect(await counter.textContent()).toBe("3 / 3");
    await page.getByRole("button", { name: "Show photo 1" }).click();
    expect(await counter.textContent()).toBe("1 / 3");
    // Keyboard: arrow keys move through the photos too.
    await page.getByRole("button", { name: "Next photo" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await counter.textContent()).toBe("2 / 3");

    const sizes = page.getByRole("radio");
    expect(await sizes.first().isChecked()).toBe(true);
    const last = sizes.last();
    const size = await last.getAttribute("value");
    await last.check({ force: true });
    await page.getByText(`Selected size: ${size} cm`).waitFor();
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.waitForURL(/\/checkout\/confirmation$/);
    await page.getByRole("heading", { name: "Confirm Your Order" }).waitFor();
    await page
      .getByText(name ?? "")
      .first()
      .waitFor();
    await page.getByText(`${size} cm`, { exact: true }).waitFor();
  });

  it("shows a price with cents the same on its card as on its page", async () => {
    // Amed Raffia Sun Hat costs $89.50, on whichever page of the list it is.
    const page = await browser.open("/products");
    const card = page.locator("main ul li a[href^='/products/']", { hasText: "Amed Raffia Sun Hat" });
    for (let n = 2; (await card.count()) === 0 && n <= 3; n++) await page.goto(`/products?page=${n}`);
    expect(await card.textContent()).toContain("$89.50 USD");
    await card.click();
    await page.waitForURL(/\/products\/\d+$/);
    await page.getByText("$89.50", { exact: false }).first().waitFor();
    expect(await page.locator("main").textContent()).not.toContain("$90");
  });

  it("shows 'Product Not Found' with status 404 for an unknown or malformed id", async () => {
    for (const id of ["99999", "abc"]) {
      const page = await browser.open("/");
      const response = await page.goto(`/products/${id}`);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: "Product Not Found" }).waitFor();
      expect(await page.getByRole("link", { name: "Back to Products" }).getAttribute("href")).toBe("/products");
    }
  });

  it("opens the slide-out menu, keeps focus inside and closes it on Escape", async () => {
    const page = await browser.open("/", { width: 390, height: 844 });
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Shop" }).click();
    await page.waitForURL(/\/products$/);
    await menu.waitFor({ state: "hidden" });
  });

  it("checks the contact form: a bad e-mail first, then a good message", async () => {
    const page = await browser.open("/contact");
    await hydrated(page);
    await page.getByLabel("Your name").fill("Ayu");
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByLabel("Subject").fill("A hat for my mother");
    await page.getByLabel("Message", { exact: true }).fill("Could you make the Ubud panama in size 55?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByLabel("E-mail").fill("ayu@example.com");
    expect(await page.getByText("Please enter a valid email address").count()).toBe(0);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Thank you for your message! We'll get back to you as soon as possible.").waitFor();
    expect(await page.getByLabel("Your name").inputValue()).toBe("");
  });

  it("on a phone, takes the visitor to the contact field to fix, below the sticky header", async () => {
    const page = await browser.open("/contact", { width: 390, height: 844 });
    await hydrated(page);
    await page.getByLabel("Your name").fill("Ayu");
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByLabel("Subject").fill("A hat for my mother");
    await page.getByLabel("Message", { exact: true }).fill("Could you make the Ubud panama in size 55?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-email");
    const place = () =>
      page.evaluate(() => {
        const header = document.querySelector("body > header")!.getBoundingClientRect();
        const label = document.querySelector("label[for='field-email']")!.getBoundingClientRect();
        const field = document.getElementById("field-email")!.getBoundingClientRect();
        return { headerBottom: header.bottom, labelTop: label.top, fieldBottom: field.bottom, viewport: window.innerHeight };
      });
    await expect
      .poll(async () => {
        const p = await place();
        return p.labelTop >= p.headerBottom && p.fieldBottom <= p.viewport;
      })
      .toBe(true);
  });

  it("shows the designed 404 page with status 404 for an unknown path", async () => {
    const page = await browser.open("/");
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  it("switches to Russian and remembers it", async () => {
    const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
    const page = await browser.open("/products", { userAgent: person });
    await hydrated(page);
    await page.getByRole("button", { name: "ru", exact: true }).click();
    await page.getByRole("heading", { name: "Наша коллекция" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    expect(new URL(page.url()).pathname).toBe("/ru/products");
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/ru");
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    await page.getByRole("heading", { name: "Плетёные шляпы ручной работы на заказ с Бали" }).waitFor();
  });
});

describe("with JavaScript off", () => {
  it("filters the list through the plain form", async () => {
    const page = await browser.open("/products", { javaScript: false });
    await page.getByRole("button", { name: "58cm" }).click();
    await page.waitForURL(/size=58/);
    expect(await page.getByRole("button", { name: "58cm" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByLabel("In Stock").uncheck();
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/availability=out/);
    expect(new URL(page.url()).searchParams.get("size")).toBe("58");
    const cards = page.locator("main ul li a[href^='/products/']");
    const soldOut = await page.getByText("Sold Out").count();
    expect(soldOut).toBe(await cards.count());
  });

  it("orders a product in its first size", async () => {
    const page = await browser.open("/products/1", { javaScript: false });
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.waitForURL(/\/checkout\/confirmation$/);
    await page.getByRole("heading", { name: "Confirm Your Order" }).waitFor();
  });
});
