import { defineMessages } from "./core.ts";

/**
 * The staff's words for an order's money after refunds (../refunds.ts) and for a returned hat:
 * the console's lists, pages and filters and the orders CSV take them from here.
 */
export const refundStateLabels = defineMessages(
  {
    PARTLY_REFUNDED: "Partly refunded",
    REFUNDED: "Refunded",
    REFUND_PENDING: "Refund pending",
    REFUND_FAILED: "Refund failed",
    RETURNED: "Returned",
  },
  {
    ru: {
      PARTLY_REFUNDED: "Частично возвращён",
      REFUNDED: "Возвращён",
      REFUND_PENDING: "Возврат в процессе",
      REFUND_FAILED: "Возврат не прошёл",
      RETURNED: "Товар возвращён",
    },
  },
);
