import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The packages export their TypeScript source, so an app's typecheck, lint and build read the
 * packages' files. turbo caches a task by the hash of its own inputs; without the `transit` task
 * (turbo.json) an edit of packages/domain left the apps' hashes unchanged and a local `npm test`
 * replayed an old pass. This adds a file to each package and reads turbo's hashes before and after.
 */
const root = path.resolve(import.meta.dirname, "..");
const apps = ["@workshop/api", "@workshop/storefront", "@workshop/admin"];
const tasks = ["typecheck", "lint", "build"];

function hashes(): Map<string, string> {
  const out = execFileSync(path.join(root, "node_modules/.bin/turbo"), ["run", ...tasks, "--dry=json"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
  const dry = JSON.parse(out) as { tasks: { taskId: string; hash: string }[] };
  return new Map(dry.tasks.map((task) => [task.taskId, task.hash]));
}

/** The app tasks whose hash stays the same when a file is added to the package. */
function unchangedBy(pkg: string, uses: string[]): string[] {
  const before = hashes();
  const probe = path.join(root, "packages", pkg, "src", `cache-probe-${randomUUID()}.ts`);
  writeFileSync(probe, "export const probe = 1;\n");
  try {
    const after = hashes();
    const ids = uses.flatMap((app) => tasks.map((task) => `${app}#${task}`));
    expect(ids.every((id) => before.has(id))).toBe(true);
    return ids.filter((id) => before.get(id) === after.get(id));
  } finally {
    rmSync(probe, { force: true });
  }
}

describe("turbo's cache follows the packages' source", () => {
  it("an edit of packages/domain changes every app's typecheck, lint and build hash", () => {
    expect(unchangedBy("domain", apps)).toEqual([]);
  }, 120_000);

  it("an edit of packages/ui changes the shop's and the console's hashes", () => {
    expect(unchangedBy("ui", ["@workshop/storefront", "@workshop/admin"])).toEqual([]);
  }, 120_000);
});
