import { describe, expect, it } from "vitest";
import { appLink } from "./payment-pages.ts";

describe("the link that opens a payment in the customer's app", () => {
  it("keeps https and app schemes, and drops script, data, plain http and nothing", () => {
    expect(appLink("https://app.example/pay/1")).toBe("https://app.example/pay/1");
    expect(appLink("gojek://gopay/merchanttransfer?tref=1")).toBe("gojek://gopay/merchanttransfer?tref=1");
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "http://insecure.example",
      "/relative",
      "",
      null,
    ]) {
      expect(appLink(bad), String(bad)).toBeNull();
    }
  });
});
