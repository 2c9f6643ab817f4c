import type { Tone } from "./StatusPill.tsx";

/** What each order status means at a glance (its pill's colour), the same in the shop and the console. */
const orderStatusTone: Record<string, Tone> = {
  PENDING: "waiting",
  NEW: "new",
  PROCESSING: "working",
  CONTACTED: "working",
  IN_PROGRESS: "working",
  SHIPPED: "working",
  DELIVERED: "done",
  COMPLETED: "done",
  CANCELLED: "neutral",
  test_payment: "neutral",
};

const paymentStatusTone: Record<string, Tone> = {
  PENDING: "waiting",
  AWAITING_PREPAYMENT: "waiting",
  DEPOSIT_PAID: "working",
  SUCCEEDED: "done",
  FAILED: "problem",
};

/** An order's or a payment's status as its pill's tone; one not listed is neutral. */
export const statusTone = (kind: "status" | "payment", value: string): Tone =>
  (kind === "status" ? orderStatusTone : paymentStatusTone)[value] ?? "neutral";

/** What an order's money after refunds, or its returned mark, means at a glance (decision 047). */
const refundStateTone: Record<string, Tone> = {
  PARTLY_REFUNDED: "working",
  REFUNDED: "neutral",
  REFUND_PENDING: "waiting",
  REFUND_FAILED: "problem",
  RETURNED: "neutral",
};

export const refundTone = (value: string): Tone => refundStateTone[value] ?? "neutral";
