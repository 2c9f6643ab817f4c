import { readdirSync, readFileSync } from "node:fs";

/** The major of a version: `1` of `1.4.2`. */
const majorOf = (version: string): number => Number(version.split(".")[0]);

/**
 * Whether the API's next release is a new major, which may break its callers (decision 040): its
 * package.json's major is not the released document's, or a changeset waiting in `changesets`
 * (a .changeset folder) bumps `@workshop/api` by a major.
 */
export function isMajorRelease(released: { version: string }, packageVersion: string, changesets: URL): boolean {
  if (majorOf(packageVersion) !== majorOf(released.version)) return true;
  return pendingChangesets(changesets).some(bumpsApiMajor);
}

function pendingChangesets(folder: URL): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".md") && name !== "README.md")
    .map((name) => readFileSync(new URL(name, folder), "utf8"));
}

/** A changeset's front matter names the packages it bumps: `"@workshop/api": major`. */
export function bumpsApiMajor(changeset: string): boolean {
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(changeset)?.[1] ?? "";
  return frontMatter.split(/\r?\n/).some((line) => /^\s*(["'])?@workshop\/api\1\s*:\s*major\s*$/.test(line));
}
