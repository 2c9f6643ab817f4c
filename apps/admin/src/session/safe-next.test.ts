import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next.ts";

describe("the way back after signing in", () => {
  it("is a path under /admin, resolved, in printable ASCII; anything else is the dashboard", () => {
    expect(safeNext("/admin/orders?status=PENDING")).toBe("/admin/orders?status=PENDING");
    expect(safeNext("/admin/%E6%97%A5")).toBe("/admin/%E6%97%A5");
    for (const bad of [
      "/admin/日",
      "/admin/\u0000",
      "/admin/../../checkout/clear",
      "/admin/%2e%2e/%2e%2e//evil.com",
      "//evil.com",
      "/\\evil.com",
      "https://evil.com",
      "/administrator",
      "",
      null,
    ]) {
      expect(safeNext(bad), JSON.stringify(bad)).toBe("/admin");
    }
  });
});
