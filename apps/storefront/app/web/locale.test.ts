import { describe, expect, it } from "vitest";
import { languageCookie, localeOf, preferredLocale } from "./locale.ts";

const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });

describe("languages", () => {
  it("a page's language is its URL's", () => {
    expect(localeOf(request("/ru/products/5"))).toBe("ru");
    expect(localeOf(request("/products/5", { "accept-language": "ru" }))).toBe("en");
  });

  it("the preference is the switch's cookie, else the browser's language, else English", async () => {
    const chosen = async (locale: "en" | "ru") => (await languageCookie.serialize(locale)).split(";")[0]!;
    expect(await preferredLocale(request("/", { cookie: await chosen("en"), "accept-language": "ru-RU,ru;q=0.9" }))).toBe("en");
    expect(await preferredLocale(request("/", { cookie: await chosen("ru") }))).toBe("ru");
    expect(await preferredLocale(request("/", { "accept-language": "ru-RU,ru;q=0.9,en;q=0.8" }))).toBe("ru");
    expect(await preferredLocale(request("/", { "accept-language": "de-DE" }))).toBe("en");
  });

  it("a cookie that does not decode is no choice, never an error", async () => {
    for (const cookie of ["lang=%E0%A4%A", "lang=ru", "lang=eyJ4IjoxfQ==", "lang="]) {
      expect(await preferredLocale(request("/", { cookie }))).toBe("en");
    }
  });
});
