/**
 * The statuses an order and its payment can have (SPEC section 4). The API holds the moves between
 * them (apps/api/src/orders/status.ts); their labels are i18n/order-statuses.ts.
 */
export const orderStatuses = [
  "PENDING",
  "NEW",
  "PROCESSING",
  "CONTACTED",
  "SHIPPED",
  "IN_PROGRESS",
  "DELIVERED",
  "COMPLETED",
  "CANCELLED",
  "test_payment",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentStatuses = ["PENDING", "AWAITING_PREPAYMENT", "DEPOSIT_PAID", "SUCCEEDED", "FAILED"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
