import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

/** Chromium from CHROME_PATH, else the system's, else the one the npm package brings. */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const { default: packaged } = await import("@sparticuz/chromium");
  return packaged.executablePath();
}

// Without the background-networking flags Chromium keeps calling home, which this machine refuses.
const args = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), headless: true, args });
}

export type ContextOptions = { width?: number; height?: number; javaScript?: boolean; locale?: string };

export async function newContext(browser: Browser, baseURL: string, o: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: o.width ?? 1280, height: o.height ?? 900 },
    javaScriptEnabled: o.javaScript ?? true,
    locale: o.locale ?? "en-US",
  });
}
