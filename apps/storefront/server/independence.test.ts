import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The storefront is deployed on its own and reaches the shop's data only through the API over HTTP
 * (docs/decisions/038): it holds no database driver, and no file of it imports another app.
 */
const root = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

/** What only the API may hold: the database and its drivers, and the other apps. */
const forbidden = [/^pg$/, /^@types\/pg$/, /^pg-/, /^kysely/, /^@electric-sql\//, /^@workshop\/(api|admin)$/];

/** Every import, export-from and dynamic import of a file: `from "x"`, `import "x"`, `import("x")`. */
const specifiers = (source: string) => [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((m) => m[1]!);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (["node_modules", "build", ".react-router", ".turbo"].includes(entry.name)) return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe("the storefront stands alone", () => {
  it("depends on no database driver, query builder or other app", () => {
    const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    expect(names.filter((name) => forbidden.some((pattern) => pattern.test(name)))).toEqual([]);
  });

  it("has no file that imports another app, by package name or by path", () => {
    const crossings = sourceFiles(root)
      .filter((file) => file !== import.meta.filename)
      .flatMap((file) =>
        specifiers(readFileSync(file, "utf8"))
          .filter(
            (s) => /^@workshop\/(api|admin)(\/|$)/.test(s) || /(^|\/)apps\/(api|admin)\//.test(s) || /^(\.\.\/)+(api|admin)\//.test(s),
          )
          .map((s) => `${path.relative(root, file)}: ${s}`),
      );
    expect(crossings).toEqual([]);
  });

  it("would see a crossing: the check reads imports as written", () => {
    expect(specifiers('import { x } from "@workshop/api/config.ts";\nexport * from "../api/x";\nawait import("pg");')).toEqual([
      "@workshop/api/config.ts",
      "../api/x",
      "pg",
    ]);
  });
});
