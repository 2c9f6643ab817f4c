import { describe, expect, it } from "vitest";
import { canMoveOrder, canMovePayment, orderStatuses, paymentStatuses } from "./status.ts";

describe("order status machine", () => {
  it("takes an order from placed to completed", () => {
    const path = ["PENDING", "PROCESSING", "IN_PROGRESS", "SHIPPED", "DELIVERED", "COMPLETED"] as const;
    for (let i = 1; i < path.length; i++) expect(canMoveOrder(path[i - 1]!, path[i]!)).toBe(true);
  });

  it("refuses to reopen a finished order or cancel a shipped one", () => {
    for (const to of orderStatuses) {
      expect(canMoveOrder("CANCELLED", to)).toBe(false);
      expect(canMoveOrder("COMPLETED", to)).toBe(false);
    }
    expect(canMoveOrder("SHIPPED", "CANCELLED")).toBe(false);
    expect(canMoveOrder("PENDING", "SHIPPED")).toBe(false);
  });

  it("keeps a succeeded payment succeeded", () => {
    for (const to of paymentStatuses) expect(canMovePayment("SUCCEEDED", to)).toBe(false);
    expect(canMovePayment("AWAITING_PREPAYMENT", "SUCCEEDED")).toBe(true);
    expect(canMovePayment("FAILED", "SUCCEEDED")).toBe(true);
  });
});
