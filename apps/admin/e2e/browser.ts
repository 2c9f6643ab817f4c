import { type ContextOptions, launchBrowser, newContext } from "@workshop/testing/browser.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export { expectAccessible } from "@workshop/testing/accessibility.ts";

export const consoleURL = () => inject("consoleURL");
export const apiURL = () => inject("apiURL");
export const shopURL = () => inject("shopURL");

/** One Chromium per test file; `open` gives a fresh context (cookies, width, language) on the console. */
export function useBrowser(origin: () => string = consoleURL) {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return {
    async open(options: ContextOptions = {}): Promise<Page> {
      const context = await newContext(browser, origin(), options);
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
  };
}

/** Whether the page scrolls sideways (it must not, at any width). */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
