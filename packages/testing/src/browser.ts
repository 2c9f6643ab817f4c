import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Browser, type BrowserContext, chromium } from "playwright-core";

type Chromium = { executablePath: string; env?: Record<string, string> };

/**
 * Chromium from CHROME_PATH, else the system's, else the one the npm package brings. The packaged
 * one also brings the NSS libraries it links against, for machines that have no browser installed.
 */
export async function findChromium(): Promise<Chromium> {
  if (process.env.CHROME_PATH) return { executablePath: process.env.CHROME_PATH };
  if (existsSync("/usr/bin/chromium")) return { executablePath: "/usr/bin/chromium" };
  const { default: packaged, inflate } = await import("@sparticuz/chromium");
  const executablePath = await packaged.executablePath();
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")), "..", "bin");
  const libs = path.join(await inflate(path.join(bin, "al2023.tar.br")), "lib");
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  return { executablePath, env: { ...env, LD_LIBRARY_PATH: [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(":") } };
}

// Without the background-networking flags Chromium keeps calling home, which this machine refuses.
export const chromiumArgs = [
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
  return chromium.launch({ ...(await findChromium()), headless: true, args: chromiumArgs });
}

export type ContextOptions = { width?: number; height?: number; javaScript?: boolean; locale?: string; userAgent?: string };

export async function newContext(browser: Browser, baseURL: string, o: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: o.width ?? 1280, height: o.height ?? 900 },
    javaScriptEnabled: o.javaScript ?? true,
    locale: o.locale ?? "en-US",
    ...(o.userAgent ? { userAgent: o.userAgent } : {}),
  });
}
