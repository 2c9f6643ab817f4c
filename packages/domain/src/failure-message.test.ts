import { describe, expect, it } from "vitest";
import { decodeErrorText, failureMessage, knownFailureReasons, MAX_ERROR_LENGTH } from "./failure-message.ts";

describe("failureMessage", () => {
  it("shows a passed error text first, decoded", () => {
    expect(failureMessage("Card%20was%20declined", "CARD_DECLINED")).toEqual({ kind: "error", text: "Card was declined" });
    expect(failureMessage("Insufficient+funds", null)).toEqual({ kind: "error", text: "Insufficient funds" });
    expect(failureMessage("Plain text", null)).toEqual({ kind: "error", text: "Plain text" });
  });
  it("maps a known failure reason next", () => {
    expect(failureMessage(null, "INSUFFICIENT_BALANCE")).toEqual({ kind: "reason", reason: "INSUFFICIENT_BALANCE" });
    expect(failureMessage("", "card_declined")).toEqual({ kind: "reason", reason: "CARD_DECLINED" });
    expect(failureMessage("   ", "CANCELLED")).toEqual({ kind: "reason", reason: "CANCELLED" });
  });
  it("shows an unknown reason as it is", () => {
    expect(failureMessage(null, "SOMETHING_NEW")).toEqual({ kind: "raw", text: "SOMETHING_NEW" });
  });
  it("falls back to the generic message", () => {
    expect(failureMessage(null, null)).toEqual({ kind: "generic" });
    expect(failureMessage(undefined, "  ")).toEqual({ kind: "generic" });
  });
  it("knows every reason the SPEC names", () => {
    for (const code of [
      "INSUFFICIENT_BALANCE",
      "CARD_DECLINED",
      "EXPIRED_CARD",
      "INVALID_CVV",
      "PROCESSOR_ERROR",
      "AUTHENTICATION_FAILED",
      "CANCELLED",
    ]) {
      expect(knownFailureReasons).toContain(code);
    }
  });
});

describe("decodeErrorText", () => {
  it("keeps text that is not percent-encoded", () => {
    expect(decodeErrorText("100% failed")).toBe("100% failed");
  });
  it("decodes text encoded twice once more", () => {
    expect(decodeErrorText("%D0%9E%D1%88%D0%B8%D0%B1%D0%BA%D0%B0")).toBe("Ошибка");
  });
  it("drops control characters and blank text", () => {
    expect(decodeErrorText("a%0Ab")).toBe("a b");
    expect(decodeErrorText("%20%0A")).toBeNull();
    expect(decodeErrorText(null)).toBeNull();
  });
  it("shortens very long text", () => {
    const text = decodeErrorText("x".repeat(1000))!;
    expect(text.length).toBe(MAX_ERROR_LENGTH);
    expect(text.endsWith("…")).toBe(true);
  });
});
