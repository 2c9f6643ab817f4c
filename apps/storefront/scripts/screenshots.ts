import { mkdirSync } from "node:fs";
import { isLocale, localePath } from "@workshop/domain/locale.ts";
import { launchBrowser } from "@workshop/testing/browser.ts";

/**
 * Full-page screenshots of shop pages at phone and desktop width, for looking at a change:
 * node scripts/screenshots.ts [baseURL] [path ...]   (PNG files in ./screenshots)
 */
const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const pages = paths.length
  ? paths
  : ["/", "/products", "/products/1", "/about", "/contact", "/showroom", "/shipping", "/faq", "/no-such-page"];
const lang = isLocale(process.env.SCREENSHOT_LANG) ? process.env.SCREENSHOT_LANG : "en";
mkdirSync("screenshots", { recursive: true });

const browser = await launchBrowser();
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  const page = await context.newPage();
  for (const path of pages) {
    // Russian pages live under /ru/ (decision 010).
    await page.goto(base + localePath(lang, path), { waitUntil: "networkidle" });
    // Scroll through the page so lazy images load before the full-page shot.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    const name = path === "/" ? "home" : path.slice(1).replace(/[^a-z0-9]+/gi, "_");
    const file = `screenshots/${name}-${lang}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
