import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { sourcesFingerprint } from "./build-if-stale.ts";

test("the sources fingerprint changes with a file's content or name, and only then", () => {
  const root = mkdtempSync(path.join(tmpdir(), "fingerprint-"));
  mkdirSync(path.join(root, "app/routes"), { recursive: true });
  writeFileSync(path.join(root, "app/routes/home.tsx"), "export default 1;");
  writeFileSync(path.join(root, "package.json"), "{}");
  const first = sourcesFingerprint(root);
  expect(sourcesFingerprint(root)).toBe(first);

  writeFileSync(path.join(root, "app/routes/home.tsx"), "export default 2;");
  const edited = sourcesFingerprint(root);
  expect(edited).not.toBe(first);

  renameSync(path.join(root, "app/routes/home.tsx"), path.join(root, "app/routes/index.tsx"));
  expect(sourcesFingerprint(root)).not.toBe(edited);

  // Files outside the build's inputs (tests, docs) do not count.
  const before = sourcesFingerprint(root);
  mkdirSync(path.join(root, "docs"));
  writeFileSync(path.join(root, "docs/notes.md"), "# notes");
  expect(sourcesFingerprint(root)).toBe(before);
  rmSync(root, { recursive: true, force: true });
});
