import type { Row } from "#server/db/types.ts";

/** An order as stored: every amount fixed when it was placed. */
export type Order = Row<"orders">;
