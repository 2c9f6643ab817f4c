import { describe, expect, it } from "vitest";
import { consoleConfig } from "./console-config.ts";

describe("the console's settings", () => {
  it("take the API's address from API_URL, else the shop's PUBLIC_URL, else the shop on this machine", () => {
    expect(consoleConfig({ API_URL: "https://api.shop.example/", PUBLIC_URL: "https://shop.example" })).toEqual({
      apiUrl: "https://api.shop.example",
    });
    expect(consoleConfig({ PUBLIC_URL: "https://shop.example" })).toEqual({ apiUrl: "https://shop.example" });
    expect(consoleConfig({ PORT: "4000" })).toEqual({ apiUrl: "http://localhost:4000" });
    expect(consoleConfig({})).toEqual({ apiUrl: "http://localhost:3000" });
  });

  it("refuse an address that is no http(s) origin, saying what it must be", () => {
    for (const bad of ["api.shop.example", "ftp://api.shop.example", "https://shop.example/api", "javascript:alert(1)"]) {
      expect(() => consoleConfig({ API_URL: bad }), bad).toThrow(/API_URL must be an http\(s\) origin|API_URL must be/);
    }
  });
});
