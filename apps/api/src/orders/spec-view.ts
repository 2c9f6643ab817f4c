import { centsToUsd } from "@workshop/domain/money.ts";
import { isRefundState } from "@workshop/domain/refunds.ts";
import type { Order } from "./types.ts";

/** An order in the JSON API (SPEC section 3, Order): money in USD numbers, no access token. */
export function toApiOrder(o: Order) {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    orderDate: o.createdAt.toISOString(),
    status: o.status,
    total: centsToUsd(o.totalCents),
    totalIdr: o.totalIdr,
    usdToIdrRate: o.usdToIdrRate,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    productId: o.productId,
    productName: o.productName,
    productImage: o.productImage,
    size: o.size,
    color: o.color,
    price: centsToUsd(o.priceCents),
    shippingAddress: o.shippingAddress,
    shipping: { option: { service: o.deliveryOption }, cost: centsToUsd(o.deliveryCostCents) },
    deliveryCost: centsToUsd(o.deliveryCostCents),
    refundState: isRefundState(o.refundState) ? o.refundState : null,
    refunded: centsToUsd(o.refundedCents),
    refundedIdr: o.refundedIdr,
    returnedAt: o.returnedAt?.toISOString() ?? null,
  };
}
