import { describe, expect, it } from "vitest";
import { clientKey } from "./rate-limits.ts";

describe("who is counted", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002:aaaa::1", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    [undefined, "unknown"],
    ["not an address", "unknown"],
  ])("%s → %s", (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});
