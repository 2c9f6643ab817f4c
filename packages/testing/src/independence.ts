import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * An app is deployed on its own and reaches the shop's data only through the API over HTTP
 * (docs/decisions/038): it holds no database driver, and no file of it imports another app. Each
 * app runs these tests on its own folder (`root`), naming itself (`self`, e.g. "storefront").
 */

/** What only the API may hold: the database and its drivers. */
const databasePackages = [/^pg$/, /^@types\/pg$/, /^pg-/, /^kysely/, /^@electric-sql\//];

/** Every import, export-from and dynamic import of a file: `from "x"`, `import "x"`, `import("x")`. */
export const specifiers = (source: string) => [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((m) => m[1]!);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (["node_modules", "build", "dist", ".react-router", ".turbo"].includes(entry.name)) return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

const apps = ["api", "storefront", "admin"];

export function describeIndependence(root: string, self: string): void {
  const others = apps.filter((app) => app !== self).join("|");
  const byName = new RegExp(`^@workshop/(${others})(/|$)|(^|/)apps/(${others})/`);
  const appsFolder = path.dirname(root);
  /** A package name of another app, or a relative path that leads out of this app into another. */
  const crosses = (file: string, specifier: string) => {
    if (byName.test(specifier)) return true;
    if (!specifier.startsWith(".")) return false;
    const target = path.relative(appsFolder, path.resolve(path.dirname(file), specifier));
    return new RegExp(`^(${others})(/|$)`).test(target);
  };
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };

  describe(`the ${self} stands alone`, () => {
    it("depends on no database driver, query builder or other app", () => {
      const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
      const otherApps = new RegExp(`^@workshop/(${others})$`);
      expect(names.filter((name) => otherApps.test(name) || databasePackages.some((pattern) => pattern.test(name)))).toEqual([]);
    });

    it("has no file that imports another app, by package name or by path", () => {
      const crossings = sourceFiles(root).flatMap((file) =>
        specifiers(readFileSync(file, "utf8"))
          .filter((s) => crosses(file, s))
          .map((s) => `${path.relative(root, file)}: ${s}`),
      );
      expect(crossings).toEqual([]);
    });
  });
}
