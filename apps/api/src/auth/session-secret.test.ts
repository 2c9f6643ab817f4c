import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { keptSecret } from "./session-secret.ts";

describe("the signing key", () => {
  it("is made once and kept, so a restart signs and checks with the same key", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "secret-")), "nested", "session-secret");
    const first = keptSecret(file);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(keptSecret(file)).toBe(first);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
  });

  it("must be set for a live shop in production, and be long enough", () => {
    const live = {
      NODE_ENV: "production",
      XENDIT_SECRET_KEY: "xnd_production_x",
      XENDIT_CALLBACK_TOKEN: "c".repeat(20),
      PUBLIC_URL: "https://rumahtopi.com",
    };
    expect(() => parseConfig(live)).toThrow(/SESSION_SECRET: required for a live shop/);
    expect(parseConfig({ ...live, SESSION_SECRET: "s".repeat(32) }).SESSION_SECRET).toBe("s".repeat(32));
    expect(() => parseConfig({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32/);
    expect(parseConfig({ NODE_ENV: "production" }).SESSION_SECRET).toBeUndefined();
  });
});
