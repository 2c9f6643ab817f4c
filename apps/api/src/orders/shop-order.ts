import { cashPaymentDeadline } from "@workshop/domain/cash-payment-deadline.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { formatOrderDate } from "@workshop/domain/order-date.ts";
import { type ShopOrder, shopOrder } from "@workshop/domain/shop-api/orders.ts";
import { customHatOfOrder } from "#server/custom-orders/custom-hat-view.ts";
import { getDb } from "#server/db/client.ts";
import { orderMakingWorkingDays } from "#server/making/promised-dates.ts";
import { orderInLanguage } from "./in-language.ts";
import type { Order } from "./types.ts";

/**
 * An order as the customer's pages show it (packages/domain/src/shop-api/orders.ts): the hat's name
 * in `locale`, the dates written in it (Bali time), a custom hat's balance beside its deposit and
 * its size, production time and picture, a made-to-order hat's making days, and no internal ids.
 */
export async function shopOrderOf(stored: Order, locale: Locale): Promise<ShopOrder> {
  const order = await orderInLanguage(stored, locale);
  const parts = order.depositCents !== null && order.depositIdr !== null;
  return shopOrder.parse({
    orderNumber: order.orderNumber,
    accessToken: order.accessToken,
    placedAt: formatOrderDate(order.createdAt, locale),
    payBy: formatOrderDate(cashPaymentDeadline(order.createdAt), locale),
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    productId: order.productId,
    productName: order.productName,
    productImage: order.productImage,
    size: order.size,
    color: order.color,
    priceCents: order.priceCents,
    deliveryOption: order.deliveryOption,
    deliveryCostCents: order.deliveryCostCents,
    totalCents: order.totalCents,
    totalIdr: order.totalIdr,
    usdToIdrRate: order.usdToIdrRate,
    depositCents: order.depositCents,
    depositIdr: order.depositIdr,
    balanceCents: parts ? order.totalCents - order.depositCents! : null,
    balanceIdr: parts ? order.totalIdr - order.depositIdr! : null,
    shippingAddress: order.shippingAddress,
    customHat: await customHatOfOrder(order),
    makingWorkingDays: await orderMakingWorkingDays(await getDb(), order),
  });
}

/** A cash-in-store order that still waits for its prepayment at the workshop (its pages say how to pay it). */
export function awaitsCashPayment(order: Pick<Order, "paymentMethod" | "paymentStatus" | "status">): boolean {
  return (
    order.paymentMethod === "CASH_IN_STORE" &&
    (order.paymentStatus === "AWAITING_PREPAYMENT" || order.paymentStatus === "PENDING") &&
    order.status !== "CANCELLED"
  );
}
