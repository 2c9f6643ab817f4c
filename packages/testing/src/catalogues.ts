import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The tests every app runs on its message catalogues (`{ en: {...}, ru: {...} }` objects exported by
 * the .ts files of `folders`): every language has every key, none blank, with the same placeholders.
 */
export function describeCatalogues(folders: string[], locales: readonly string[]): void {
  const files = folders.flatMap((folder) =>
    readdirSync(folder)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "core.ts")
      .map((f) => path.join(folder, f)),
  );

  describe("message catalogues", () => {
    it("are found in every folder", () => {
      for (const folder of folders)
        expect(
          files.some((f) => path.dirname(f) === folder),
          folder,
        ).toBe(true);
    });

    it.each(files)("%s: every language has every key, none blank, same placeholders", async (file) => {
      const module = (await import(file)) as Record<string, Record<string, Record<string, string>>>;
      const catalogues = Object.values(module);
      expect(catalogues.length).toBeGreaterThan(0);
      for (const catalogue of catalogues) {
        const en = catalogue.en!;
        for (const locale of locales) {
          const messages = catalogue[locale];
          expect(messages, `${file}: ${locale}`).toBeDefined();
          expect(Object.keys(messages!).sort()).toEqual(Object.keys(en).sort());
          for (const [key, text] of Object.entries(messages!)) {
            expect(text.trim(), `${file}: ${locale}.${key}`).not.toBe("");
            const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
            expect(vars(text), `${file}: ${locale}.${key}`).toEqual(vars(en[key]!));
          }
        }
      }
    });
  });
}
