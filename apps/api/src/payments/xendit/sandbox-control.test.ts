import { describe, expect, it } from "vitest";
import { mayControl } from "./sandbox.ts";

process.env.ADMIN_API_TOKEN = "staff-token-for-the-control-tests";
const own = "the-shop-process-own-control-key";
const caller = (authorization: string | undefined, remoteAddress: string, nodeEnv: string) => ({ authorization, remoteAddress, nodeEnv });

describe("who may use the sandbox's control API", () => {
  it("staff and the shop itself, anywhere and in any mode", () => {
    for (const nodeEnv of ["production", "development", "test"]) {
      expect(mayControl(caller("Bearer staff-token-for-the-control-tests", "203.0.113.9", nodeEnv), own)).toBe(true);
      expect(mayControl(caller(`Bearer ${own}`, "127.0.0.1", nodeEnv), own)).toBe(true);
    }
  });

  it("the machine itself only in development and tests; never a stranger", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect(mayControl(caller(undefined, address, "development"), own)).toBe(true);
      expect(mayControl(caller(undefined, address, "test"), own)).toBe(true);
      expect(mayControl(caller(undefined, address, "production"), own)).toBe(false);
    }
    expect(mayControl(caller(undefined, "203.0.113.9", "development"), own)).toBe(false);
    expect(mayControl(caller("Bearer wrong-token-wrong-token", "203.0.113.9", "development"), own)).toBe(false);
  });
});
