import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "#server/paths.ts";

/**
 * Builds the production bundle only when its sources changed since the last build, so that
 * `npm start` answers in seconds on every start after the first. The sources are fingerprinted by
 * content (not by dates, which a fresh clone or a checkout resets).
 */
const inputs = [
  "app",
  "lib",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const stampFile = path.join(projectRoot, "build", "sources.sha256");

function* files(root: string, entry: string): Generator<string> {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* files(root, path.join(entry, name));
}

/** A hash of the names and contents of every file the production build is made from. */
export function sourcesFingerprint(root = projectRoot): string {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(root, input)) {
      hash
        .update(file)
        .update("\0")
        .update(readFileSync(path.join(root, file)))
        .update("\0");
    }
  }
  return hash.digest("hex");
}

export function buildIfStale(): "built" | "current" {
  const fingerprint = sourcesFingerprint();
  const built = existsSync(path.join(projectRoot, "build/server/index.js")) && existsSync(stampFile);
  if (built && readFileSync(stampFile, "utf8") === fingerprint) return "current";
  // Always the production build, also when called from the tests (vitest sets NODE_ENV=test).
  execFileSync("npx", ["react-router", "build"], { cwd: projectRoot, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  writeFileSync(stampFile, fingerprint);
  return "built";
}

if (import.meta.main) {
  if (buildIfStale() === "current") console.log("The build is current: starting without rebuilding.");
}
