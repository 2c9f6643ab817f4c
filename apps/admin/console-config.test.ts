import { describe, expect, it } from "vitest";
import { consoleConfig } from "./console-config.ts";

describe("the console's settings", () => {
  it("take the API's address from API_URL, else the API on this machine (API_PORT)", () => {
    expect(consoleConfig({ API_URL: "https://api.shop.example/", PUBLIC_URL: "https://shop.example" })).toEqual({
      apiUrl: "https://api.shop.example",
    });
    expect(consoleConfig({ PUBLIC_URL: "https://shop.example", PORT: "8080" })).toEqual({ apiUrl: "http://localhost:4000" });
    expect(consoleConfig({ API_PORT: "4100" })).toEqual({ apiUrl: "http://localhost:4100" });
    expect(consoleConfig({})).toEqual({ apiUrl: "http://localhost:4000" });
  });

  it("refuse an address that is no http(s) origin, saying what it must be", () => {
    for (const bad of ["api.shop.example", "ftp://api.shop.example", "https://shop.example/api", "javascript:alert(1)"]) {
      expect(() => consoleConfig({ API_URL: bad }), bad).toThrow(/API_URL must be an http\(s\) origin|API_URL must be/);
    }
  });
});
