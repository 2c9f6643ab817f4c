import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { locales } from "@workshop/domain/locale.ts";
import { describe, expect, it } from "vitest";

// The pages' catalogues, the ones pages and e-mails share, and the e-mails' own.
const here = path.dirname(new URL(import.meta.url).pathname);
const folderOf = (specifier: string) => path.dirname(createRequire(import.meta.url).resolve(specifier));
const folders = [here, folderOf("@workshop/domain/i18n/core.ts"), folderOf("@workshop/api/mail/i18n/mail.ts")];
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

  it.each(files.map((f) => path.relative(path.join(here, "../.."), f)))(
    "%s: every language has every key, none blank, same placeholders",
    async (file) => {
      const module = (await import(path.join(here, "../..", file))) as Record<string, Record<string, Record<string, string>>>;
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
    },
  );
});
