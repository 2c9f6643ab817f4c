import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The server's own modules (tests aside) and what each imports, relatively or through an alias (#server/…). */
const root = path.dirname(new URL(import.meta.url).pathname);
const files = (readdirSync(root, { recursive: true }) as string[])
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.includes("migrations"))
  .map((f) => path.join(root, f));
const importsOf = new Map(
  files.map((file) => {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(/^(?:import|export)(?:[^"']*?from)?\s*["'](\.{1,2}\/[^"']+|#\w+\/[^"']+)["']/gm)].map((m) =>
      m[1]!.startsWith("#server/") ? path.join(root, m[1]!.slice("#server/".length)) : path.resolve(path.dirname(file), m[1]!),
    );
    return [file, targets] as const;
  }),
);
const areaOf = (file: string) => path.relative(root, file).split(path.sep)[0]!;

describe("the server's structure", () => {
  it("has no import cycles", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...trail.slice(trail.indexOf(file)), file].map((f) => path.relative(root, f)).join(" -> "));
        return;
      }
      state.set(file, "open");
      for (const target of importsOf.get(file) ?? []) if (importsOf.has(target)) visit(target, [...trail, file]);
      state.set(file, "done");
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it("lets areas depend one way: checkout on payments, orders and pricing; never back", () => {
    // [from, to]: an area that must not import the other.
    const forbidden = [
      ["payments", "checkout"],
      ["orders", "checkout"],
      ["orders", "payments"],
      ["catalog", "checkout"],
      ["pricing", "payments"],
      ["pricing", "orders"],
      ["pricing", "checkout"],
    ];
    const wrong = files.flatMap((file) =>
      (importsOf.get(file) ?? [])
        .filter((target) => forbidden.some(([from, to]) => areaOf(file) === from && areaOf(target) === to))
        .map((target) => `${path.relative(root, file)} imports ${path.relative(root, target)}`),
    );
    expect(wrong).toEqual([]);
    // The staff's work on orders (orders list, export, dashboard) reads the other areas; only its
    // routes use it, which the callers' scopes register (spec-api.ts, admin-api.ts).
    const scopeOf = new Map([
      [path.join(root, "spec-api.ts"), path.join(root, "admin-orders", "spec-routes.ts")],
      [path.join(root, "admin-api.ts"), path.join(root, "admin-orders", "admin-routes.ts")],
    ]);
    expect(
      files.filter(
        (f) => areaOf(f) !== "admin-orders" && (importsOf.get(f) ?? []).some((t) => areaOf(t) === "admin-orders" && scopeOf.get(f) !== t),
      ),
    ).toEqual([]);
    expect(files.some((f) => path.relative(root, f).startsWith("payments/fx-rate"))).toBe(false);
  });

  it("declares each shared type once, in a module of its own that imports no logic", () => {
    for (const [declaration, home] of [
      [/^export type Order = /m, "orders/types.ts"],
      [/^export type Tx = /m, "db/tx.ts"],
    ] as const) {
      const homes = files.filter((f) => declaration.test(readFileSync(f, "utf8"))).map((f) => path.relative(root, f));
      expect(homes, String(declaration)).toEqual([home]);
    }
  });
});
