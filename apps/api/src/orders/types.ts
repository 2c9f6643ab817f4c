import type { orders } from "#server/db/schema.ts";

/** An order as stored: every amount fixed when it was placed. */
export type Order = typeof orders.$inferSelect;
