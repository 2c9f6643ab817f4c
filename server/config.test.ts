import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.ts";

const live = { XENDIT_SECRET_KEY: "xnd_production_for_this_test_only", XENDIT_CALLBACK_TOKEN: "callback-token-0123456789" };

describe("configuration", () => {
  it("refuses to start live with an http:// or missing PUBLIC_URL, saying why", () => {
    expect(() => parseConfig({ ...live, PUBLIC_URL: "http://shop.example.com" })).toThrow(
      /PUBLIC_URL: must be an https:\/\/ URL with XENDIT_SECRET_KEY set/,
    );
    expect(() => parseConfig({ ...live })).toThrow(/PUBLIC_URL: must be an https:\/\/ URL .*got none/);
  });

  it("refuses a live PUBLIC_URL too long for Xendit's 255-character return URLs", () => {
    expect(() => parseConfig({ ...live, PUBLIC_URL: `https://${"a".repeat(120)}.example.com` })).toThrow(
      /PUBLIC_URL: at most 120 characters/,
    );
  });

  it("starts live with an https:// PUBLIC_URL, and in the sandbox with http", () => {
    expect(parseConfig({ ...live, PUBLIC_URL: "https://shop.example.com/" }).publicUrl).toBe("https://shop.example.com");
    expect(parseConfig({ PUBLIC_URL: "http://localhost:3000" }).publicUrl).toBe("http://localhost:3000");
    expect(parseConfig({ PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
  });
});
