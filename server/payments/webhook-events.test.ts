import { describe, expect, it } from "vitest";
import { updateOfEvent } from "./webhooks.ts";
import { updateFromXenditStatus } from "./provider-updates.ts";

describe("what a Xendit event says", () => {
  it("reads a capture with the amount captured, not the amount asked", () => {
    const update = updateOfEvent({
      event: "payment.capture",
      data: { payment_id: "py-1", payment_request_id: "pr-1", reference_id: "o:1", request_amount: 100, currency: "IDR", captures: [{ capture_amount: 60 }, { capture_amount: 40 }] },
    });
    expect(update).toMatchObject({ status: "SUCCEEDED", requestId: "pr-1", paymentId: "py-1", referenceId: "o:1", amount: 100, currency: "IDR" });
    expect(updateOfEvent({ event: "payment.capture", data: { payment_request_id: "pr-1", request_amount: 90, captures: [{ capture_amount: 80 }] } })?.amount).toBe(80);
  });

  it("reads failures and expiries, in v3 and v2 spelling", () => {
    expect(updateOfEvent({ event: "payment.failure", data: { payment_request_id: "pr-1", failure_code: "CARD_DECLINED" } })).toMatchObject({ status: "FAILED", failureCode: "CARD_DECLINED" });
    expect(updateOfEvent({ event: "payment.failed", data: { payment_request_id: "pr-1" } })?.status).toBe("FAILED");
    expect(updateOfEvent({ event: "payment_request.expiry", data: { payment_request_id: "pr-1" } })?.status).toBe("EXPIRED");
    expect(updateOfEvent({ event: "payment_request.expired", data: { payment_request_id: "pr-1" } })?.status).toBe("EXPIRED");
  });

  it("ignores events the shop does not act on", () => {
    expect(updateOfEvent({ event: "payment.authorization", data: { payment_request_id: "pr-1" } })).toBeNull();
    expect(updateOfEvent({ event: "payment_token.activation", data: {} })).toBeNull();
  });

  it("spells Xendit's statuses the shop's way", () => {
    expect(updateFromXenditStatus("CANCELED")).toBe("CANCELLED");
    expect(updateFromXenditStatus("REQUIRES_ACTION")).toBe("PENDING");
    expect(updateFromXenditStatus("SUCCEEDED")).toBe("SUCCEEDED");
  });
});
