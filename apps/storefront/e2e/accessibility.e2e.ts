import { describe, it } from "vitest";
import { expectAccessible, useBrowser } from "./fixtures.ts";

const browser = useBrowser();
const pages = [
  "/",
  "/products",
  "/products?size=58&availability=out",
  "/products/1",
  "/about",
  "/contact",
  "/showroom",
  "/shipping",
  "/faq",
  "/custom",
  "/no-such-page",
  "/products/99999",
];

describe("accessibility (axe): no serious or critical violations", () => {
  it.each(pages)("%s on a desktop and a phone", async (path) => {
    for (const width of [1280, 390]) {
      const page = await browser.open(path, { width });
      await expectAccessible(page);
    }
  });

  it("the Russian pages too", async () => {
    for (const path of ["/ru", "/ru/products/2", "/ru/faq", "/ru/contact", "/ru/custom"]) {
      const page = await browser.open(path, { locale: "ru-RU" });
      await expectAccessible(page);
    }
  });
});

describe("accessibility of the checkout (axe)", () => {
  it("every step, with a sample checkout", async () => {
    for (const width of [1280, 390]) {
      const page = await browser.open("/test-checkout", { width });
      await page.waitForURL(/\/checkout\/payment$/);
      await expectAccessible(page);
      for (const path of ["/checkout/confirmation", "/checkout/shipping", "/checkout/shipping-options"]) {
        await page.goto(path);
        await expectAccessible(page);
      }
    }
  });
});
