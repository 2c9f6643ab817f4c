import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "../../lib/locale.ts";

const folder = path.dirname(new URL(import.meta.url).pathname);
const files = readdirSync(folder).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "core.ts");

describe("message catalogues", () => {
  it.each(files)("%s: every language has every key, none blank, same placeholders", async (file) => {
    const module = (await import(path.join(folder, file))) as Record<string, Record<string, Record<string, string>>>;
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
