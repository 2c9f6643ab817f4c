import { describe, expect, it } from "vitest";
import { specifiers } from "./independence.ts";

describe("the independence check", () => {
  it("reads imports as written: static, re-exports and dynamic", () => {
    expect(
      specifiers('import { x } from "@workshop/api/config.ts";\nexport * from "../api/x";\nawait import("pg");\nimport "./side.ts";'),
    ).toEqual(["@workshop/api/config.ts", "../api/x", "pg", "./side.ts"]);
  });
});
