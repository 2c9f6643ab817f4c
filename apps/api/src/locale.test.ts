import fastifyCookie from "@fastify/cookie";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { preferredLocale } from "./locale.ts";

/** The language a request prefers, as a route reads it from Fastify's request. */
async function localeOf(headers: Record<string, string>) {
  const app = Fastify();
  await app.register(fastifyCookie);
  app.get("/", async (request) => ({ locale: preferredLocale(request) }));
  return ((await app.inject({ url: "/", headers })).json() as { locale: string }).locale;
}

describe("the visitor's language", () => {
  it("is the storefront's language cookie, as the storefront writes it (base64 JSON)", async () => {
    expect(await localeOf({ cookie: "lang=InJ1Ig%3D%3D", "accept-language": "en" })).toBe("ru");
    expect(await localeOf({ cookie: "lang=ImVuIg%3D%3D", "accept-language": "ru" })).toBe("en");
  });

  it("is the browser's languages when the cookie is missing, empty or does not decode", async () => {
    for (const cookie of ["", "lang=", "lang=ru", "lang=%E0", "lang=e30%3D"])
      expect(await localeOf({ cookie, "accept-language": "ru-RU,ru;q=0.9" }), cookie).toBe("ru");
    expect(await localeOf({})).toBe("en");
  });
});
