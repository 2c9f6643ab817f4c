import { isStaff, sameSecret } from "#server/auth/staff-token.ts";
import { type Caller, headerOf } from "#server/http/caller.ts";
import { orderById } from "#server/orders/queries.ts";
import { readCheckout } from "./session.ts";

/** The header a holder of the order's private link (/orders/<token>) sends to the payment API. */
const ORDER_TOKEN_HEADER = "x-order-token";

/**
 * Who may start, switch, cancel or check an order's payments: the browser whose checkout placed
 * it, whoever holds the order's private link, and staff. Everyone else is treated as if the order
 * did not exist.
 */
export async function mayManagePayments(request: Caller, orderId: string): Promise<boolean> {
  if (isStaff(request)) return true;
  const token = headerOf(request, ORDER_TOKEN_HEADER)?.trim();
  if (token) {
    const order = await orderById(orderId);
    if (order && sameSecret(token, order.accessToken)) return true;
  }
  const data = await readCheckout(request);
  return !!data?.placedOrderIds?.includes(orderId);
}
