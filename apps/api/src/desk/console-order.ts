/**
 * One order for the staff console (GET /api/admin/orders/:id, orderDetailAnswer): what the admin's
 * order page reads (order-detail.ts), with dates as ISO text and the ready e-mails filled in.
 */

import type { OrderDetailAnswer } from "@workshop/domain/staff-api/order.ts";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { isOrderId, orderDetail } from "./order-detail.ts";
import { prefilledEmail, staffTemplateIds } from "./order-mail-templates.ts";
import { trackingUrl } from "./order-rules.ts";

/** A 404 unless `id` is an order's (checked before a form is judged, so an unknown order is never a 400). */
export async function requireOrder(id: string): Promise<void> {
  const db = await getDb();
  const found = isOrderId(id) && (await db.selectFrom("orders").select("id").where("id", "=", id).limit(1).executeTakeFirst());
  if (!found) throw new AppError("not_found", "Order not found");
}

const isoOf = (date: Date) => date.toISOString();

/** The order's page for the console; a 404 for an unknown id or one that is no order id. */
export async function consoleOrder(id: string): Promise<OrderDetailAnswer> {
  const detail = await orderDetail(id);
  if (!detail) throw new AppError("not_found", "Order not found");
  const { order } = detail;
  const db = await getDb();
  const [refunds, templates] = await Promise.all([
    db.selectFrom("refunds").selectAll().where("orderId", "=", order.id).orderBy("createdAt").execute(),
    Promise.all(staffTemplateIds.map(async (templateId) => ({ id: templateId, ...(await prefilledEmail(templateId, order)) }))),
  ]);
  const address = order.shippingAddress;
  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      createdAt: isoOf(order.createdAt),
      updatedAt: isoOf(order.updatedAt),
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      productName: order.productName,
      size: order.size,
      color: order.color,
      priceCents: order.priceCents,
      deliveryOption: order.deliveryOption,
      deliveryCostCents: order.deliveryCostCents,
      totalCents: order.totalCents,
      totalIdr: order.totalIdr,
      locale: order.locale,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      trackingUrl: order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null,
      shippingAddress: {
        fullName: address.fullName,
        email: address.email,
        phone: address.phone,
        addressLine1: address.addressLine1,
        addressLine2: address.addressLine2 ?? null,
        city: address.city,
        state: address.state ?? null,
        postalCode: address.postalCode ?? null,
        country: address.country,
      },
    },
    paidAt: detail.paidAt ? isoOf(detail.paidAt) : null,
    attempts: detail.attempts.map((a) => ({
      id: a.id,
      attempt: a.attempt,
      method: a.method,
      amount: a.amount,
      currency: a.currency,
      status: a.status,
      flag: a.flag,
      createdAt: isoOf(a.createdAt),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      reason: r.reason,
      createdAt: isoOf(r.createdAt),
    })),
    history: detail.history.map((e) => ({ ...e, createdAt: isoOf(e.createdAt) })),
    // The admin page shows the newest note first; the console reads them in the order they were written.
    notes: [...detail.notes].reverse().map((n) => ({ ...n, createdAt: isoOf(n.createdAt) })),
    can: { markPaid: detail.can.markPaid, moves: detail.can.moves },
    templates,
  };
}
