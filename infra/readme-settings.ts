import { readFileSync } from "node:fs";
import path from "node:path";

/** The settings named in the README's configuration table (its first column): what a deployment may set. */
export function documentedSettings(): Set<string> {
  const readme = readFileSync(path.join(import.meta.dirname, "../README.md"), "utf8");
  const start = readme.indexOf("## Configuration");
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  const names = new Set<string>();
  for (const row of section.split("\n").filter((line) => line.startsWith("| `"))) {
    const firstCell = row.split("|")[1] ?? "";
    for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(name!);
  }
  return names;
}
