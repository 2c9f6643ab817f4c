import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
/** The root's workspaces ("apps/*", "infra"…) as folders. */
const workspaces = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).workspaces as string[]).flatMap((pattern) =>
  pattern.endsWith("/*") ? readdirSync(path.join(root, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern],
);
const changesetBin = path.join(path.dirname(createRequire(import.meta.url).resolve("@changesets/cli/package.json")), "bin.js");

let copy = "";
afterEach(() => rmSync(copy, { recursive: true, force: true }));

/**
 * The repository's manifests and release settings in a scratch folder, with one changeset, after
 * `changeset version` (what `npm run release:version` runs): each workspace's version and whether
 * it got a changelog.
 */
function release(changeset: string): Record<string, { version: string; changelog: string | null }> {
  copy = mkdtempSync(path.join(tmpdir(), "release-"));
  for (const file of ["package.json", "package-lock.json", ".changeset/config.json", ...workspaces.map((w) => `${w}/package.json`)]) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(copy, file));
  }
  writeFileSync(path.join(copy, ".changeset/a-change.md"), changeset);
  const run = spawnSync(process.execPath, [changesetBin, "version"], { cwd: copy, encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stdout + run.stderr);
  return Object.fromEntries(
    workspaces.map((w) => {
      const { name, version } = JSON.parse(readFileSync(path.join(copy, w, "package.json"), "utf8"));
      const changelog = path.join(copy, w, "CHANGELOG.md");
      return [name, { version, changelog: existsSync(changelog) ? readFileSync(changelog, "utf8") : null }];
    }),
  );
}

const versionsNow = () =>
  Object.fromEntries(
    workspaces.map((w) => {
      const { name, version } = JSON.parse(readFileSync(path.join(root, w, "package.json"), "utf8"));
      return [name, version as string];
    }),
  );

const bumped = (version: string, part: "minor" | "patch") => {
  const [major, minor, patch] = version.split(".").map(Number) as [number, number, number];
  return part === "minor" ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
};

describe("releases (changesets)", () => {
  it("a release of the console bumps the console's version and changelog alone", () => {
    const before = versionsNow();
    const after = release('---\n"@workshop/admin": minor\n---\n\nThe orders list remembers its page size.\n');
    expect(after["@workshop/admin"]!.version).toBe(bumped(before["@workshop/admin"]!, "minor"));
    expect(after["@workshop/admin"]!.changelog).toContain("- The orders list remembers its page size.");
    for (const [name, { version, changelog }] of Object.entries(after).filter(([name]) => name !== "@workshop/admin")) {
      expect([name, version, changelog]).toEqual([name, before[name], null]);
    }
  });

  it("a change to a shared package releases each app that ships it", () => {
    const before = versionsNow();
    const after = release('---\n"@workshop/http": patch\n---\n\nAnswers close their connection while the server stops.\n');
    // The API and the storefront run packages/http; the console does not.
    for (const name of ["@workshop/http", "@workshop/api", "@workshop/storefront"])
      expect(after[name]!.version).toBe(bumped(before[name]!, "patch"));
    expect(after["@workshop/admin"]!.version).toBe(before["@workshop/admin"]);
  });
});
