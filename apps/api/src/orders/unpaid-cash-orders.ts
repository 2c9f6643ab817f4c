import { defineJob } from "#server/jobs/index.ts";
import { cancelUnpaidCashOrders } from "./queries.ts";

/** Cash-in-store orders wait this long for their prepayment (SPEC section 9). */
export const CASH_PREPAYMENT_DAYS = 7;

/**
 * Cancels every cash-in-store order whose prepayment did not arrive within 7 days of `now`, and
 * tells its customer. Safe to run often and from several instances: each order is cancelled once.
 */
export async function sweepUnpaidCashOrders(now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - CASH_PREPAYMENT_DAYS * 24 * 3600 * 1000);
  return (await cancelUnpaidCashOrders(cutoff)).length;
}

/** Every five minutes, on one instance at a time: the sweep above with the real clock. */
defineJob<object>(
  "orders-cancel-unpaid-cash",
  async () => {
    await sweepUnpaidCashOrders();
  },
  { schedule: { cron: "*/5 * * * *" } },
);
