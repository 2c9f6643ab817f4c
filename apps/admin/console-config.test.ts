import { describe, expect, it } from "vitest";
import { consoleConfig, serverConfig } from "./console-config.ts";

describe("the console's settings", () => {
  it("take the API's address from API_URL, else the API on this machine (API_PORT)", () => {
    expect(consoleConfig({ API_URL: "https://api.shop.example/", PUBLIC_URL: "https://shop.example" }).apiUrl).toBe(
      "https://api.shop.example",
    );
    expect(consoleConfig({ PUBLIC_URL: "https://shop.example", PORT: "8080" }).apiUrl).toBe("http://localhost:4000");
    expect(consoleConfig({ API_PORT: "4100" }).apiUrl).toBe("http://localhost:4100");
    expect(consoleConfig({}).apiUrl).toBe("http://localhost:4000");
  });

  it("take the shop's address from PUBLIC_URL, else the shop on this machine (PORT), as the API does", () => {
    expect(consoleConfig({ PUBLIC_URL: "https://shop.example/" })).toEqual({
      apiUrl: "http://localhost:4000",
      shopUrl: "https://shop.example",
    });
    expect(consoleConfig({ PORT: "8080" }).shopUrl).toBe("http://localhost:8080");
    expect(consoleConfig({}).shopUrl).toBe("http://localhost:3000");
    expect(() => consoleConfig({ PUBLIC_URL: "shop.example" })).toThrow(/PUBLIC_URL must be an http\(s\) address/);
  });

  it("give the server its own address from ADMIN_URL, else this machine's ADMIN_PORT", () => {
    expect(serverConfig({ ADMIN_URL: "https://admin.example.com/" }).adminUrl).toBe("https://admin.example.com");
    expect(serverConfig({ ADMIN_PORT: "3101" }).adminUrl).toBe("http://localhost:3101");
    expect(() => serverConfig({ ADMIN_URL: "https://admin.example.com/admin" })).toThrow(/ADMIN_URL must be an http\(s\) origin/);
  });

  it("refuse an address that is no http(s) origin, saying what it must be", () => {
    for (const bad of ["api.shop.example", "ftp://api.shop.example", "https://shop.example/api", "javascript:alert(1)"]) {
      expect(() => consoleConfig({ API_URL: bad }), bad).toThrow(/API_URL must be an http\(s\) origin|API_URL must be/);
    }
  });
});
