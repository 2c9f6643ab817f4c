import { readFileSync } from "node:fs";
import path from "node:path";

/** The configuration guide, whose tables name every setting a deployment may set. */
const guide = path.join(import.meta.dirname, "../docs/configuration.md");
const tableHeader = "| variable | default | meaning |";

/** The settings named in the configuration guide's tables (their first column): what a deployment may set. */
export function documentedSettings(): Set<string> {
  const lines = readFileSync(guide, "utf8").split("\n");
  const names = new Set<string>();
  let inTable = false;
  for (const line of lines) {
    if (line.trim() === tableHeader) inTable = true;
    else if (!line.startsWith("|")) inTable = false;
    else if (inTable && line.startsWith("| `")) {
      const firstCell = line.split("|")[1] ?? "";
      for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(name!);
    }
  }
  return names;
}
