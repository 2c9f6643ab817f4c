import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** axe-core's script, read once for every check of the run. */
let axeSource: string | undefined;
const axeScript = () => (axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));

/**
 * Fails with the list of serious or critical accessibility violations on the page. axe runs in the
 * page itself, on its document only: a frame shows someone else's page (the showroom's map), whose
 * own title the document's rules check. Run this way, a check costs a third of @axe-core/playwright's,
 * which opens a new page in the browser for every check to put the frames' results together.
 */
export async function expectAccessible(page: Page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeScript());
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { resultTypes: ["violations"], iframes: false });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) }));
  });
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 3).join(" | ")}`);
  expect(bad, `axe on ${page.url()}`).toEqual([]);
}
