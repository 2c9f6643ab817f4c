import { type ContextOptions, launchBrowser, newContext } from "@workshop/testing/browser.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export { expectAccessible } from "@workshop/testing/accessibility.ts";

export const baseURL = () => inject("baseURL");
export const apiURL = () => inject("apiURL");

/**
 * One Chromium per test file; `open` gives a fresh context (cookies, JavaScript on or off, width)
 * on the shared shop, or on the shop `base` names (a file's own shop).
 */
export function useBrowser(base: () => string = baseURL) {
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
    async open(path: string, options: ContextOptions = {}): Promise<Page> {
      const context = await newContext(browser, base(), options);
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(path);
      return page;
    },
  };
}

/** Waits until the page is hydrated, so clicks are handled by React, not by plain HTML. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
