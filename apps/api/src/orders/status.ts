import { AppError } from "#server/errors.ts";

/**
 * The order status machine. SPEC section 4 names the statuses; the allowed moves are the shop's
 * own choice, written here once (docs/decisions/006-order-statuses.md explains them):
 *
 *   PENDING ──paid──▶ PROCESSING ──▶ IN_PROGRESS ──▶ SHIPPED ──▶ DELIVERED ──▶ COMPLETED
 *      │                  │  ▲            │                            (pickup: IN_PROGRESS ▶ COMPLETED)
 *      │                  ▼  │            │
 *      │              CONTACTED ◀─────────┘   (staff talk to the customer, then carry on)
 *      └──▶ CANCELLED ◀── any status before SHIPPED
 *
 *   NEW is a request the shop has not looked at yet (it moves like PENDING);
 *   test_payment marks a sandbox test order and only ends (COMPLETED) or is cancelled.
 */
export { type OrderStatus, orderStatuses, type PaymentStatus, paymentStatuses } from "@workshop/domain/order-status.ts";

import { type OrderStatus, orderStatuses, type PaymentStatus, paymentStatuses } from "@workshop/domain/order-status.ts";

const orderMoves: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: ["PROCESSING", "CONTACTED", "CANCELLED"],
  NEW: ["PROCESSING", "CONTACTED", "CANCELLED"],
  PROCESSING: ["CONTACTED", "IN_PROGRESS", "CANCELLED"],
  CONTACTED: ["PROCESSING", "IN_PROGRESS", "CANCELLED"],
  IN_PROGRESS: ["CONTACTED", "SHIPPED", "COMPLETED", "CANCELLED"],
  SHIPPED: ["DELIVERED"],
  DELIVERED: ["COMPLETED"],
  COMPLETED: [],
  CANCELLED: [],
  test_payment: ["COMPLETED", "CANCELLED"],
};

/**
 * Payment moves. A success is final (a refund would be a new record); a failure may be followed
 * by another attempt (PENDING) or a late success. A custom hat is paid in two parts
 * (docs/decisions/026-custom-quotes.md): its deposit makes it DEPOSIT_PAID, its balance SUCCEEDED;
 * a balance that fails leaves it DEPOSIT_PAID (the deposit stays paid).
 *
 *   PENDING / AWAITING_PREPAYMENT / FAILED ──deposit──▶ DEPOSIT_PAID ──balance──▶ SUCCEEDED
 */
const paymentMoves: Record<PaymentStatus, readonly PaymentStatus[]> = {
  PENDING: ["DEPOSIT_PAID", "SUCCEEDED", "FAILED"],
  AWAITING_PREPAYMENT: ["DEPOSIT_PAID", "SUCCEEDED", "FAILED"],
  FAILED: ["PENDING", "DEPOSIT_PAID", "SUCCEEDED"],
  DEPOSIT_PAID: ["SUCCEEDED"],
  SUCCEEDED: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (orderStatuses as readonly string[]).includes(value);
}

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === "string" && (paymentStatuses as readonly string[]).includes(value);
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderMoves[from].includes(to);
}

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentMoves[from].includes(to);
}

export function assertOrderMove(from: OrderStatus, to: OrderStatus): void {
  if (!canMoveOrder(from, to)) throw new AppError("conflict", `An order cannot go from ${from} to ${to}`);
}

export function assertPaymentMove(from: PaymentStatus, to: PaymentStatus): void {
  if (!canMovePayment(from, to)) throw new AppError("conflict", `A payment cannot go from ${from} to ${to}`);
}
