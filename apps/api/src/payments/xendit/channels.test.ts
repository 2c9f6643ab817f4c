import { paymentMethods } from "@workshop/domain/payment-methods.ts";
import { describe, expect, it } from "vitest";
import { channelCodeOf, isRedirectMethod, xenditMethodOf } from "./channels.ts";

describe("Xendit channels of the shop's payment methods", () => {
  it("has a v3 channel for every method but cash in store and the test card", () => {
    for (const method of paymentMethods) {
      const channel = channelCodeOf(method.code);
      if (method.type === "CASH_IN_STORE" || method.type === "TEST_CARD") expect(channel, method.code).toBeNull();
      else expect(channel, method.code).toMatch(/^[A-Z_]+$/);
    }
  });

  it("reads a payload's channel by the shop's code, Xendit's channel code or the old names", () => {
    expect(xenditMethodOf("BCA")?.code).toBe("BCA");
    expect(xenditMethodOf("bca_virtual_account")?.code).toBe("BCA");
    expect(xenditMethodOf("BSS_VIRTUAL_ACCOUNT")?.code).toBe("SAHABAT_SAMPOERNA");
    expect(xenditMethodOf("CREDIT_CARD")?.code).toBe("CARD");
    expect(xenditMethodOf("CARDS")?.code).toBe("CARD");
    expect(xenditMethodOf("ID_OVO")?.code).toBe("OVO");
    expect(xenditMethodOf("CASH_IN_STORE")).toBeNull();
    expect(xenditMethodOf("TEST_CARD")).toBeNull();
    expect(xenditMethodOf("BITCOIN")).toBeNull();
  });

  it("sends cards, e-wallets and pay-later to the provider's page", () => {
    const redirect = paymentMethods.filter(isRedirectMethod).map((m) => m.type);
    expect(new Set(redirect)).toEqual(new Set(["CARD", "EWALLET", "PAYLATER"]));
  });
});
