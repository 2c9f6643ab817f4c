import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * npm run bench (the console): what a browser downloads to draw the console's first page (the
 * entry script, the chunks it imports at once, the styles), gzipped, against the 250 KB budget;
 * and each page's own chunk, which loads only when that page is opened. `npm run bench` builds it
 * first with Vite's manifest, which the production build leaves out.
 */
const BUDGET_KB = 250;
const dist = path.join(import.meta.dirname, "..", "dist");

type Chunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; css?: string[]; src?: string };
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Record<string, Chunk>;
const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

/** A chunk's file, styles and everything it imports statically (each once). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key]!;
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const first = closure(entry);
first.add("index.html");
const firstKb = [...first].reduce((sum, file) => sum + gzipKb(file), 0);
console.log(
  `\nconsole first load (JS + CSS + HTML, gzip): ${firstKb.toFixed(1)} KB of ${BUDGET_KB} KB (${((firstKb / BUDGET_KB) * 100).toFixed(0)}% of the budget) ${firstKb <= BUDGET_KB ? "met" : "NOT met"}`,
);
// What the first page a person sees costs in all: the first load and that page's own chunks.
const pageKb = (...sources: string[]) => {
  const files = new Set(first);
  for (const source of sources) for (const file of closure(source)) files.add(file);
  return [...files].reduce((sum, file) => sum + gzipKb(file), 0);
};
console.log(
  `with the first page: sign-in ${pageKb("src/sign-in/SignInPage.tsx").toFixed(1)} KB, dashboard (signed in) ${pageKb("src/layout/Shell.tsx", "src/dashboard/DashboardPage.tsx").toFixed(1)} KB`,
);
console.log("each page, loaded when opened (its own chunks beyond the first load, gzip):");
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const own = [...closure(key)].filter((file) => !first.has(file));
  const kb = own.reduce((sum, file) => sum + gzipKb(file), 0);
  console.log(`  ${(chunk.src ?? key).padEnd(40)} ${kb.toFixed(1).padStart(6)} KB`);
}
