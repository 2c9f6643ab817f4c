import { describe, expect, it } from "vitest";
import { updateFromXenditStatus } from "./provider-updates.ts";
import { updateOfEvent } from "./webhooks.ts";

describe("what a Xendit event says", () => {
  it("reads a capture with the amount captured, not the amount asked", () => {
    const update = updateOfEvent({
      event: "payment.capture",
      data: {
        payment_id: "py-1",
        payment_request_id: "pr-1",
        reference_id: "o:1",
        request_amount: 100,
        currency: "IDR",
        captures: [{ capture_amount: 60 }, { capture_amount: 40 }],
      },
    });
    expect(update).toMatchObject({
      status: "SUCCEEDED",
      requestId: "pr-1",
      paymentId: "py-1",
      referenceId: "o:1",
      amount: 100,
      currency: "IDR",
    });
    expect(
      updateOfEvent({
        event: "payment.capture",
        data: { payment_request_id: "pr-1", request_amount: 90, captures: [{ capture_amount: 80 }] },
      })?.amount,
    ).toBe(80);
  });

  it("reads failures and expiries as Xendit names them", () => {
    expect(
      updateOfEvent({ event: "payment.failure", data: { payment_request_id: "pr-1", failure_code: "CARD_DECLINED", currency: "IDR" } }),
    ).toMatchObject({ status: "FAILED", failureCode: "CARD_DECLINED", currency: "IDR" });
    expect(updateOfEvent({ event: "payment_request.expiry", data: { payment_request_id: "pr-1" } })?.status).toBe("EXPIRED");
    expect(
      updateOfEvent({
        event: "payment_session.completed",
        data: { payment_session_id: "ps-1", amount: 5, currency: "IDR", payment_id: "py-1" },
      }),
    ).toMatchObject({ status: "SUCCEEDED", requestId: "ps-1", amount: 5, currency: "IDR", paymentId: "py-1" });
    expect(updateOfEvent({ event: "payment_session.expired", data: { payment_session_id: "ps-1", currency: "IDR" } })).toMatchObject({
      status: "EXPIRED",
      requestId: "ps-1",
    });
  });

  it("passes on an amount that is not a number, so it is flagged rather than taken as absent", () => {
    expect(
      updateOfEvent({ event: "payment.capture", data: { payment_request_id: "pr-1", request_amount: "1", currency: "IDR" } })?.amount,
    ).toBe("1");
    expect(
      updateOfEvent({
        event: "payment.capture",
        data: { payment_request_id: "pr-1", request_amount: 5, captures: [{ capture_amount: "5" }] },
      })?.amount,
    ).toBe("5");
    expect(updateOfEvent({ event: "payment.capture", data: { payment_request_id: "pr-1" } })).toMatchObject({
      amount: null,
      currency: null,
    });
  });

  it("ignores events the shop does not act on, and names Xendit does not use", () => {
    // payment.expiry is the end of an authorisation (the shop captures at once), not of a request.
    expect(updateOfEvent({ event: "payment.expiry", data: { payment_request_id: "pr-1" } })).toBeNull();
    expect(updateOfEvent({ event: "payment.authorization", data: { payment_request_id: "pr-1" } })).toBeNull();
    expect(updateOfEvent({ event: "payment_token.activation", data: {} })).toBeNull();
    for (const madeUp of ["payment.succeeded", "payment.failed", "payment_request.expired", "payment_session.failed"]) {
      expect(updateOfEvent({ event: madeUp, data: { payment_request_id: "pr-1", payment_session_id: "ps-1" } }), madeUp).toBeNull();
    }
  });

  it("spells Xendit's statuses the shop's way", () => {
    expect(updateFromXenditStatus("CANCELED")).toBe("CANCELLED");
    expect(updateFromXenditStatus("REQUIRES_ACTION")).toBe("PENDING");
    expect(updateFromXenditStatus("SUCCEEDED")).toBe("SUCCEEDED");
  });
});
