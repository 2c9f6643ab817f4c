import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { fromStaffOrigin, staffOrigins, trustedOrigins } from "./same-origin.ts";

// The shop of this file is served at https://shop.example, its staff console at
// https://admin.shop.example (read by fromStaffOrigin on first use).
process.env.PUBLIC_URL = "https://shop.example";
process.env.ADMIN_URL = "https://admin.shop.example";

describe("the shop's own origins", () => {
  it("are the public URL's alone when PUBLIC_URL is set", () => {
    expect(trustedOrigins(parseConfig({ PUBLIC_URL: "https://shop.example/" }))).toEqual(["https://shop.example"]);
  });

  it("are spelled as a browser sends them, without port 80", () => {
    expect(trustedOrigins(parseConfig({ PORT: "80" }))).toEqual(["http://localhost", "http://127.0.0.1", "http://[::1]"]);
  });

  it("are this machine's names on the port when the shop runs on its default address", () => {
    expect(trustedOrigins(parseConfig({ PORT: "3100" }))).toEqual(["http://localhost:3100", "http://127.0.0.1:3100", "http://[::1]:3100"]);
  });
});

describe("the staff console's origins", () => {
  it("are ADMIN_URL's alone when it is set", () => {
    expect(staffOrigins(parseConfig({ PUBLIC_URL: "https://shop.example", ADMIN_URL: "https://admin.shop.example/" }))).toEqual([
      "https://shop.example",
      "https://admin.shop.example",
    ]);
  });

  it("are this machine's names on ADMIN_PORT when the console runs on its default address", () => {
    expect(staffOrigins(parseConfig({ PORT: "3000", ADMIN_PORT: "3001", PUBLIC_URL: "", ADMIN_URL: "" }))).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
      "http://localhost:3001",
      "http://127.0.0.1:3001",
      "http://[::1]:3001",
    ]);
  });
});

describe("fromStaffOrigin", () => {
  const from = (origin: string | null, secFetchSite: string | null = null) => fromStaffOrigin({ origin, secFetchSite });

  it("takes the shop's origin, the staff console's, and a browser's same-origin word without Origin", () => {
    expect(from("https://shop.example")).toBe(true);
    expect(from("https://admin.shop.example")).toBe(true);
    expect(from(null, "same-origin")).toBe(true);
  });

  it("refuses a sibling of the console (same site, another origin) and anything else", () => {
    expect(from("https://evil.shop.example")).toBe(false);
    expect(from("http://admin.shop.example")).toBe(false);
    // A page of evil.example sending Host: evil.example vouches for nothing.
    expect(from("http://evil.example")).toBe(false);
    expect(from("https://shop.example.evil.example")).toBe(false);
    expect(from("null")).toBe(false);
    expect(from(null, "same-site")).toBe(false);
    expect(from(null, "cross-site")).toBe(false);
    expect(from(null, null)).toBe(false);
  });
});
