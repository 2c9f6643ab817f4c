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

describe("the first owner's configuration", () => {
  it("takes ADMIN_EMAIL and ADMIN_PASSWORD together, the e-mail lower-cased", () => {
    const c = parseConfig({ ADMIN_EMAIL: " Owner@RumahTopi.com ", ADMIN_PASSWORD: "pandan leaves in the rain" });
    expect(c.ADMIN_EMAIL).toBe("owner@rumahtopi.com");
    expect(c.ADMIN_PASSWORD).toBe("pandan leaves in the rain");
    expect(() => parseConfig({ ADMIN_EMAIL: "owner@rumahtopi.com" })).toThrow(/ADMIN_PASSWORD: required with ADMIN_EMAIL/);
    expect(() => parseConfig({ ADMIN_PASSWORD: "pandan leaves in the rain" })).toThrow(/ADMIN_EMAIL: required with ADMIN_PASSWORD/);
    expect(() => parseConfig({ ADMIN_EMAIL: "not an address", ADMIN_PASSWORD: "pandan leaves in the rain" })).toThrow(
      /ADMIN_EMAIL: must be an e-mail address/,
    );
  });

  it("refuses to start with an ADMIN_PASSWORD the policy refuses, saying why", () => {
    const owner = { ADMIN_EMAIL: "owner@rumahtopi.com" };
    expect(() => parseConfig({ ...owner, ADMIN_PASSWORD: "short" })).toThrow(
      /ADMIN_PASSWORD: the password must have at least 12 characters/,
    );
    expect(() => parseConfig({ ...owner, ADMIN_PASSWORD: "Qwerty123456" })).toThrow(
      /ADMIN_PASSWORD: this password is one of the most common/,
    );
    expect(() => parseConfig({ ...owner, ADMIN_PASSWORD: "OWNER@rumahtopi.com" })).toThrow(
      /ADMIN_PASSWORD: the password must not be the account's e-mail/,
    );
  });
});
