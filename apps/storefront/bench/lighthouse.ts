import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGLITE } from "@workshop/testing/bench-databases.ts";
import { chromiumArgs, findChromium } from "@workshop/testing/browser.ts";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { verdict } from "./load.ts";
import { startShop } from "./shop.ts";

/** The pages a customer lands on, in English at the path and in Russian under /ru. */
const PAGES = ["/", "/products", "/products/1", "/custom"];
const LANGUAGES = ["", "/ru"];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Every category at 100, and the largest contentful paint within two seconds of simulated mobile loading. */
const SCORE_BUDGET = 100;
const LCP_BUDGET_MS = 2000;

/**
 * Lighthouse's scores vary from run to run on the same page (its "Score variability" guide), the
 * more on a shared machine: each page is measured RUNS times and judged by its median run.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** A folder to keep each page's median report in (JSON, for Lighthouse's viewer), when set. */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

const scoreOf = (lhr: Result, category: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const msOf = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

/** The run whose performance score is the middle one. */
function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => scoreOf(a, "performance") - scoreOf(b, "performance"));
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The weighted audits that cost a category points: where to look when a page is below budget. */
function shortfalls(lhr: Result): string[] {
  return CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id} ${lhr.audits[ref.id]?.score?.toFixed(2)} ${lhr.audits[ref.id]?.displayValue ?? ""}`.trim()),
  );
}

/**
 * One run of Lighthouse's default mobile settings on `url`. A run Lighthouse itself gives up on
 * (a trace it could not record, NO_NAVSTART now and then on a busy machine) is made again, twice at most.
 */
async function audit(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${error.message}`);
  }
}

/**
 * Lighthouse with its default mobile settings (a mid-range phone, simulated slow 4G and a 4×
 * slower CPU) on the production build of the storefront and its API on PGlite, in the Chromium the
 * browser tests use. Each page is requested once first, so the figures are those of a running shop.
 */
export async function lighthouseFigures() {
  const shop = await startShop(PGLITE);
  const { executablePath, env } = await findChromium();
  const chrome = await launch({ chromePath: executablePath, chromeFlags: [...chromiumArgs, "--headless=new"], envVars: env });
  try {
    console.log(
      `\nLighthouse mobile (simulated throttling), the median of ${RUNS} runs a page; budget: every score ${SCORE_BUDGET}, LCP ≤ ${LCP_BUDGET_MS} ms`,
    );
    for (const language of LANGUAGES) {
      for (const page of PAGES) {
        const pagePath = language && page === "/" ? language : language + page;
        const url = shop.origin + pagePath;
        const warm = await fetch(url);
        await warm.arrayBuffer();
        if (!warm.ok) throw new Error(`GET ${pagePath} answered ${warm.status}`);
        const runs: Result[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port));
        const lhr = medianRun(runs);
        const scores = CATEGORIES.map((c) => scoreOf(lhr, c));
        const lcp = msOf(lhr, "largest-contentful-paint");
        const ok = scores.every((s) => s >= SCORE_BUDGET) && lcp <= LCP_BUDGET_MS;
        const performanceRuns = runs.map((r) => scoreOf(r, "performance")).join("/");
        console.log(
          `${pagePath.padEnd(16)} perf ${String(scores[0]).padStart(3)} (${performanceRuns})  a11y ${scores[1]}  BP ${scores[2]}  SEO ${scores[3]}` +
            `   LCP ${lcp.toFixed(0).padStart(4)} ms  FCP ${msOf(lhr, "first-contentful-paint").toFixed(0).padStart(4)} ms` +
            `  TBT ${msOf(lhr, "total-blocking-time").toFixed(0).padStart(3)} ms  CLS ${msOf(lhr, "cumulative-layout-shift").toFixed(3)}` +
            `   ${verdict(`Lighthouse mobile ${pagePath}: scores ${SCORE_BUDGET}, LCP ≤ ${LCP_BUDGET_MS} ms`, ok)}`,
        );
        if (!ok) {
          process.exitCode = 1;
          for (const line of shortfalls(lhr)) console.log(`    ${line}`);
        }
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const file = `${pagePath.replace(/^\/$/, "/home").slice(1).replaceAll("/", "_")}.json`;
          writeFileSync(path.join(REPORTS, file), JSON.stringify(lhr));
        }
      }
    }
  } finally {
    chrome.kill();
    await shop.stop();
  }
}
