import type { Tone } from "@workshop/ui/StatusPill.tsx";

/** What each order status means at a glance (its pill's colour). */
export const orderStatusTone: Record<string, Tone> = {
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

export const paymentStatusTone: Record<string, Tone> = {
  PENDING: "waiting",
  AWAITING_PREPAYMENT: "waiting",
  DEPOSIT_PAID: "working",
  SUCCEEDED: "done",
  FAILED: "problem",
};
