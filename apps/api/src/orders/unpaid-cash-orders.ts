import { lastPlacedWithCashDeadlineBy } from "@workshop/domain/cash-payment-deadline.ts";
import { defineJob } from "#server/jobs/index.ts";
import { cancelUnpaidCashOrders } from "./queries.ts";

/**
 * Cancels every cash-in-store order whose payment deadline (packages/domain/src/cash-payment-deadline.ts:
 * 7 days, ending at the workshop's closing time, as its pages and e-mail say) has come by `now`,
 * and tells its customer. Safe to run often and from several instances: each order is cancelled once.
 */
export async function sweepUnpaidCashOrders(now: Date = new Date()): Promise<number> {
  return (await cancelUnpaidCashOrders(lastPlacedWithCashDeadlineBy(now))).length;
}

/** Every five minutes, on one instance at a time: the sweep above with the real clock. */
defineJob<object>(
  "orders-cancel-unpaid-cash",
  async () => {
    await sweepUnpaidCashOrders();
  },
  { schedule: { cron: "*/5 * * * *" } },
);
