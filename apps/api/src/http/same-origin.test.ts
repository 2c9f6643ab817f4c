import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { fromStaffOrigin, staffOrigins } from "./same-origin.ts";

// The shop of this file is served at https://shop.example, its staff console at
// https://admin.shop.example (read by fromStaffOrigin on first use).
process.env.PUBLIC_URL = "https://shop.example";
process.env.ADMIN_URL = "https://admin.shop.example";

describe("the staff console's origins", () => {
  it("are ADMIN_URL's alone when it is set, never the shop's", () => {
    expect(staffOrigins(parseConfig({ PUBLIC_URL: "https://shop.example", ADMIN_URL: "https://admin.shop.example/" }))).toEqual([
      "https://admin.shop.example",
    ]);
  });

  it("add the origins the owner lists in CORS_ORIGINS", () => {
    const c = parseConfig({
      ADMIN_URL: "https://admin.shop.example",
      CORS_ORIGINS: "https://tools.shop.example,https://admin.shop.example",
    });
    expect(staffOrigins(c)).toEqual(["https://admin.shop.example", "https://tools.shop.example"]);
  });

  it("are this machine's names on ADMIN_PORT when the console runs on its default address, not the shop's port", () => {
    expect(staffOrigins(parseConfig({ PORT: "3000", ADMIN_PORT: "3001", PUBLIC_URL: "", ADMIN_URL: "" }))).toEqual([
      "http://localhost:3001",
      "http://127.0.0.1:3001",
      "http://[::1]:3001",
    ]);
  });
});

describe("fromStaffOrigin", () => {
  const from = (origin: string | null, secFetchSite: string | null = null) => fromStaffOrigin({ origin, secFetchSite });

  it("takes the staff console's origin and a browser's same-origin word without Origin", () => {
    expect(from("https://admin.shop.example")).toBe(true);
    expect(from(null, "same-origin")).toBe(true);
  });

  it("refuses the shop's own origin, a sibling of the console (same site, another origin) and anything else", () => {
    expect(from("https://shop.example")).toBe(false);
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
