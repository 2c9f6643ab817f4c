import { formatIdr, formatUsd } from "@workshop/domain/money.ts";
import type { PaymentRecord } from "@workshop/domain/payment-record.ts";
import { describe, expect, it } from "vitest";
import { amountForCopy, formatPaymentAmount } from "./amount";
import { detailsOf, mergeDetails } from "./payment-details";
import { pageStateOf, successUrl } from "./payment-state";
import { paymentStatusUrl } from "./usePaymentPolling";

const base: PaymentRecord = {
  id: "pr-1",
  reference_id: "order-1",
  amount: 1234567,
  currency: "IDR",
  status: "PENDING",
  failure_reason: null,
  payment_method: { type: "VIRTUAL_ACCOUNT", channel_code: "SAHABAT_SAMPOERNA", channel_properties: { expires_at: null } },
};

describe("payment details of the instructions page", () => {
  it("has no account before the provider gives one, then adopts it with its expiry", () => {
    const known = detailsOf(base);
    expect(known.virtualAccount).toBeNull();
    const next = mergeDetails(known, {
      ...base,
      amount: 1234568,
      payment_method: {
        ...base.payment_method,
        channel_properties: { virtual_account_number: "8808123", customer_name: "Rumah Topi", expires_at: "2025-03-02T10:00:00Z" },
      },
    });
    expect(next.virtualAccount).toEqual({
      account_number: "8808123",
      bank_code: "SAHABAT_SAMPOERNA",
      bank_name: "Bank Sahabat Sampoerna",
      account_holder_name: "Rumah Topi",
      expires_at: "2025-03-02T10:00:00Z",
    });
    expect(next.amount).toBe(1234568);
    expect(next.expiresAt).toBe("2025-03-02T10:00:00Z");
  });

  it("reads a store payment code and keeps details already shown", () => {
    const store: PaymentRecord = {
      ...base,
      payment_method: {
        type: "OVER_THE_COUNTER",
        channel_code: "ALFAMART",
        channel_properties: { payment_code: "TEST123", customer_name: "Wayan", expires_at: null },
      },
    };
    const known = detailsOf(store);
    expect(known.store).toMatchObject({ store: "Alfamart", store_code: "ALFAMART", payment_code: "TEST123" });
    expect(
      mergeDetails(known, { ...base, payment_method: { ...store.payment_method, channel_properties: { expires_at: null } } }).store,
    ).toEqual(known.store);
  });
});

describe("page state", () => {
  it("follows the provider: success, failure (FAILED, EXPIRED, CANCELLED), else pending", () => {
    expect(pageStateOf("SUCCEEDED")).toBe("succeeded");
    expect(pageStateOf("FAILED")).toBe("failed");
    expect(pageStateOf("EXPIRED")).toBe("failed");
    expect(pageStateOf("CANCELLED")).toBe("failed");
    expect(pageStateOf("PENDING")).toBe("pending");
    expect(pageStateOf("REQUIRES_ACTION")).toBe("pending");
  });
  it("builds the success and status URLs", () => {
    expect(successUrl("o-1", "pr-1")).toBe("/checkout/success?order_id=o-1&payment_id=pr-1");
    expect(paymentStatusUrl({ paymentId: "pr 1", orderId: "o-1" })).toBe("/api/xendit/payment-status?paymentId=pr%201");
    expect(paymentStatusUrl({ orderId: "o-1" })).toBe("/api/xendit/payment-status?orderId=o-1");
    expect(paymentStatusUrl({})).toBeNull();
  });
});

describe("amounts", () => {
  it("are written as in the order summaries and e-mails (@workshop/domain/money.ts), on every payment page", () => {
    expect(formatPaymentAmount(1234567, "IDR")).toBe(formatIdr(1234567));
    expect(formatPaymentAmount(1234567, "IDR")).toBe("Rp 1.234.567");
    expect(formatPaymentAmount(196.5, "USD")).toBe(formatUsd(19650));
    expect(formatPaymentAmount(196.5, null)).toBe("$196.50");
    expect(formatPaymentAmount(5, "NOT A CODE")).toBe("5 NOT A CODE");
    expect(amountForCopy(1234567)).toBe("1234567");
  });
});
