/**
 * What staff may do with an order, as pure rules over the order row: the page offers only what
 * these allow, and the actions check them again under the order's lock. Each refusal has a code
 * (the admin words it in its language) and an English message (for the JSON API and logs).
 */

import { canMoveOrder, isOrderStatus, type OrderStatus, orderStatuses } from "#server/orders/status.ts";
import type { Order } from "#server/orders/types.ts";
import { isPaidOnline } from "#server/payments/xendit/channels.ts";

export type Refusal = { code: RefusalCode; message: string };

export type RefusalCode =
  | "not-cash"
  | "already-paid"
  | "payment-not-pending"
  | "cancelled"
  | "move-not-allowed"
  | "not-paid"
  | "pickup-not-shipped"
  | "pickup-only"
  | "stale"
  | "carrier-required"
  | "tracking-required"
  | "reason-required"
  | "text-required"
  | "subject-required"
  | "too-long"
  | "no-email"
  | "balance-unpaid"
  | "no-balance";

type Row = Pick<Order, "status" | "paymentStatus" | "paymentMethod" | "deliveryOption">;
type CustomRow = Row & Pick<Order, "depositCents" | "balanceRequestedAt">;

/** Why an order cannot be marked paid by staff, or null when it can (SPEC 4: cash in store, payment pending). */
export function canMarkPaid(order: Row): Refusal | null {
  if (order.paymentMethod !== "CASH_IN_STORE")
    return {
      code: "not-cash",
      message: isPaidOnline(order.paymentMethod)
        ? `Only cash-in-store orders can be marked paid; this order is paid online (${order.paymentMethod}) and its payment status comes from Xendit`
        : `Only cash-in-store orders can be marked paid; this order's payment method is ${order.paymentMethod}`,
    };
  if (order.status === "CANCELLED") return { code: "cancelled", message: "This order is cancelled" };
  if (order.paymentStatus === "SUCCEEDED") return { code: "already-paid", message: "This order is already paid" };
  // A custom hat's balance paid in cash at the workshop, once staff have asked for it.
  if (order.paymentStatus === "DEPOSIT_PAID") return null;
  if (order.paymentStatus !== "PENDING" && order.paymentStatus !== "AWAITING_PREPAYMENT")
    return { code: "payment-not-pending", message: `The payment is ${order.paymentStatus}, not awaiting payment` };
  return null;
}

/** Statuses that mean the workshop works on, or has delivered, the hat: only for a paid order. */
const workStatuses: readonly OrderStatus[] = ["PROCESSING", "IN_PROGRESS", "SHIPPED", "DELIVERED", "COMPLETED"];
/** A custom hat is made on its deposit; it leaves the workshop only once the balance is paid too. */
const depositStatuses: readonly OrderStatus[] = ["PROCESSING", "IN_PROGRESS"];

/** Why staff cannot move an order to `next`, or null when they can. */
export function moveRefusal(order: Row, next: OrderStatus): Refusal | null {
  if (!isOrderStatus(order.status) || !canMoveOrder(order.status, next))
    return { code: "move-not-allowed", message: `An order cannot go from ${order.status} to ${next}` };
  if (order.paymentStatus === "DEPOSIT_PAID" && workStatuses.includes(next) && !depositStatuses.includes(next))
    return { code: "balance-unpaid", message: "Only the deposit is paid: send the balance link and wait for the balance first" };
  if (
    order.status !== "test_payment" &&
    workStatuses.includes(next) &&
    order.paymentStatus !== "SUCCEEDED" &&
    order.paymentStatus !== "DEPOSIT_PAID"
  )
    return {
      code: "not-paid",
      message:
        order.paymentMethod === "CASH_IN_STORE"
          ? `The order is not paid yet: mark it paid first (it then goes to PROCESSING)`
          : `The order is not paid yet: it moves on when Xendit confirms the payment`,
    };
  if (next === "SHIPPED" && order.deliveryOption === "PICKUP")
    return { code: "pickup-not-shipped", message: "A pickup order is collected at the workshop, never shipped: complete it instead" };
  if (next === "COMPLETED" && order.status === "IN_PROGRESS" && order.deliveryOption !== "PICKUP")
    return { code: "pickup-only", message: "Only a pickup order is completed straight from IN_PROGRESS; ship this one first" };
  return null;
}

/** Why staff cannot send a custom hat's balance link now, or null when they can. */
export function balanceRefusal(order: CustomRow): Refusal | null {
  if (order.depositCents === null) return { code: "no-balance", message: "Only a custom hat's order is paid in two parts" };
  if (order.status === "CANCELLED") return { code: "cancelled", message: "This order is cancelled" };
  if (order.paymentStatus === "SUCCEEDED") return { code: "already-paid", message: "This order is already paid" };
  if (order.paymentStatus !== "DEPOSIT_PAID") return { code: "not-paid", message: "The deposit is not paid yet" };
  return null;
}

/** The statuses staff may move an order to now, in the machine's order. */
export function allowedMoves(order: Row): OrderStatus[] {
  return orderStatuses.filter((next) => moveRefusal(order, next) === null);
}
