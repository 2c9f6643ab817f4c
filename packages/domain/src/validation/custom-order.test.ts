import { describe, expect, it } from "vitest";
import { customOrderSchema } from "./custom-order.ts";
import { choicesText } from "./fields.ts";

const valid = {
  name: " Ayu ",
  email: "ayu@example.com",
  hatType: "Panama Hat",
  material: "Woven Palm Leaf",
  size: "57 cm",
  details: "Like my grandfather's",
  timeline: "Flexible",
};

const problems = (input: unknown) =>
  customOrderSchema
    .safeParse(input)
    .error?.issues.map((i) => `${String(i.path[0])}:${i.message}`)
    .sort();

describe("the custom order schema (form, action and API)", () => {
  it("takes the required fields, trims them, and leaves the optional ones empty", () => {
    expect(customOrderSchema.parse(valid)).toEqual({
      ...valid,
      name: "Ayu",
      phone: "",
      color: "",
      budget: "",
      referenceImages: [],
    });
  });

  it("names each missing required field, a bad e-mail and a choice outside SPEC 5's", () => {
    expect(problems({ email: "nope", hatType: "Cowboy Hat" })).toEqual([
      "details:required",
      "email:email",
      "hatType:choice",
      "material:required",
      "name:required",
      "size:required",
      "timeline:required",
    ]);
  });

  it("tells a value outside the choices from a missing one, and an API names the choices", () => {
    expect(problems({ ...valid, material: "Pandan" })).toEqual(["material:choice"]);
    expect(problems({ ...valid, material: "" })).toEqual(["material:required"]);
    const issue = customOrderSchema.safeParse({ ...valid, material: "Pandan" }).error!.issues[0]!;
    expect(choicesText(issue)).toBe('must be one of "Straw", "Woven Palm Leaf", "Fabric", "Mixed Materials", "Other"');
    const missing = customOrderSchema.safeParse({ ...valid, material: undefined }).error!.issues[0]!;
    expect(choicesText(missing)).toBeNull();
  });

  it("refuses NUL bytes, overlong texts, a fourth photo, repeated or malformed photo ids", () => {
    const id = (c: string) => c.repeat(32);
    expect(problems({ ...valid, details: "a\u0000b" })).toEqual(["details:characters"]);
    expect(problems({ ...valid, details: "x".repeat(5001) })).toEqual(["details:tooLong"]);
    expect(problems({ ...valid, referenceImages: [id("a"), id("b"), id("c"), id("d")] })).toEqual(["referenceImages:photos"]);
    expect(problems({ ...valid, referenceImages: [id("a"), id("a")] })).toEqual(["referenceImages:photo"]);
    expect(problems({ ...valid, referenceImages: ["../etc/passwd"] })).toEqual(["referenceImages:photo"]);
    expect(customOrderSchema.parse({ ...valid, referenceImages: [id("a"), id("b"), id("c")] }).referenceImages).toHaveLength(3);
  });
});
