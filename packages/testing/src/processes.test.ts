import path from "node:path";
import { describe, expect, it } from "vitest";
import { startFlagsOf } from "./processes.ts";

const apps = path.resolve(import.meta.dirname, "../../../apps");

describe("a process started by a test or a bench", () => {
  it("gets the Node flags its package's start script gives it, as under npm start; any other script none", () => {
    expect(startFlagsOf(path.join(apps, "api/src/main.ts"))).toEqual(["--max-semi-space-size=16"]);
    expect(startFlagsOf(path.join(apps, "storefront/server/main.ts"))).toEqual([]);
    expect(startFlagsOf(path.join(apps, "api/bench/serve-bare-product.ts"))).toEqual([]);
  });
});
